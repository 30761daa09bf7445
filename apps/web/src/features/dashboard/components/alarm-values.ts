import type { TemperatureUnit } from '@vigil/contracts';
import { fromCelsius } from '../../../lib/temperature';

/** Alarm event types whose values are temperatures, stored in Celsius. */
const temperatureTypes = new Set(['temperature', 'thermocouple', 'ln2_temperature']);

/** The spec's missing reading (monitoring 9): shown N/A. */
const missingReading = -255;

export type AlarmFigure =
  | { kind: 'missing' }
  | { kind: 'waterLow' }
  | { kind: 'waterHigh' }
  | { kind: 'number'; text: string };

/**
 * A value, min or max of an alarm as a person reads it: in the account's unit for
 * temperatures (2 decimals at most), N/A when missing or -255, Low for a dry spill sensor (0).
 */
export function alarmFigure(
  type: string,
  value: number | null,
  unit: TemperatureUnit,
): AlarmFigure {
  if (value === null || value === missingReading) return { kind: 'missing' };
  if (type === 'water') return value === 0 ? { kind: 'waterLow' } : { kind: 'waterHigh' };
  const shown = temperatureTypes.has(type) ? fromCelsius(value, unit) : value;
  return { kind: 'number', text: String(Number(shown.toFixed(2))) };
}
