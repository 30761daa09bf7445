import { alarmUnit, isTemperatureAlarm, noReading, type TemperatureUnit } from '@vigil/contracts';
import { i18n } from './i18n';
import { fromCelsius } from './temperature';

export { alarmUnit };

/**
 * A value, minimum or maximum of an alarm as a person reads it, with its unit: temperatures in
 * the account's unit (2 decimals at most), N/A when missing or -255, Low/High for a spill sensor
 * (0 shows Low), Open/Closed for a door.
 */
export function formatAlarmValue(
  type: string,
  value: number | null,
  unit: TemperatureUnit,
): string {
  if (value === null || value === noReading) return i18n.t('common.notAvailable');
  if (type === 'water')
    return i18n.t(value === 0 ? 'alarmEvents.water.low' : 'alarmEvents.water.high');
  if (type === 'door')
    return i18n.t(value === 1 ? 'alarmAttention.door.open' : 'alarmAttention.door.closed');
  const shown = isTemperatureAlarm(type) ? fromCelsius(value, unit) : value;
  const suffix = alarmUnit(type, unit);
  const text = String(Number(shown.toFixed(2)));
  return suffix ? `${text} ${suffix}` : text;
}

/** The alarm range as "2 °C – 8 °C", "≤ 8 °C" or "≥ 2 °C"; '' when it has no bounds. */
export function formatAlarmRange(
  type: string,
  min: number | null,
  max: number | null,
  unit: TemperatureUnit,
): string {
  const low = min === null ? null : formatAlarmValue(type, min, unit);
  const high = max === null ? null : formatAlarmValue(type, max, unit);
  if (low && high) return `${low} – ${high}`;
  if (high) return `≤ ${high}`;
  if (low) return `≥ ${low}`;
  return '';
}

/** The translated name of an alarm type (temperature, LN2 level...), as the definitions name it. */
export const alarmTypeName = (type: string) =>
  i18n.t(`alarmAttention.types.${type}`, { defaultValue: type.replaceAll('_', ' ') });
