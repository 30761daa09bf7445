import type { DeviceAlarm, TemperatureUnit } from '@vigil/contracts';
import { fromCelsius } from '../../../lib/temperature';
import type { GroupId } from './chart-groups';

/** An alarm bound drawn on a chart as a dashed line. */
export interface Threshold {
  value: number;
  bound: 'min' | 'max';
  /** The alarm's name, beside the line. */
  alarm: string;
}

/** Which chart each of an alarm's ranges belongs on; temperatures are Celsius on the API. */
const ranges = [
  { group: 'temperature', enabled: 'tempEnabled', min: 'minTemp', max: 'maxTemp', temp: true },
  { group: 'temperature', enabled: 'shtTEnabled', min: 'minShtT', max: 'maxShtT', temp: true },
  { group: 'temperature', enabled: 'lntmpEnabled', min: 'minLntmp', max: 'maxLntmp', temp: true },
  { group: 'humidity', enabled: 'humidityEnabled', min: 'minHumidity', max: 'maxHumidity' },
  { group: 'co2', enabled: 'carbonEnabled', min: 'minCarbon', max: 'maxCarbon' },
  { group: 'pressure', enabled: 'pressureEnabled', min: 'minPressure', max: 'maxPressure' },
  { group: 'ln2', enabled: 'ln2LevelEnabled', min: 'minLn2Level', max: 'maxLn2Level' },
] as const satisfies readonly {
  group: GroupId;
  enabled: keyof DeviceAlarm;
  min: keyof DeviceAlarm;
  max: keyof DeviceAlarm;
  temp?: boolean;
}[];

const round = (value: number) => Math.round(value * 100) / 100;

/**
 * The bounds of the device's enabled alarms, per chart, in the account's unit; the same bound of
 * two alarms is drawn once.
 */
export function thresholdsOf(
  alarms: readonly DeviceAlarm[],
  unit: TemperatureUnit,
): Partial<Record<GroupId, Threshold[]>> {
  const byGroup: Partial<Record<GroupId, Threshold[]>> = {};
  for (const alarm of alarms) {
    if (!alarm.enable || alarm.kind !== 'threshold') continue;
    for (const range of ranges) {
      if (!alarm[range.enabled]) continue;
      const list = (byGroup[range.group] ??= []);
      for (const bound of ['min', 'max'] as const) {
        const stored = alarm[range[bound]];
        if (typeof stored !== 'number') continue;
        const value = round('temp' in range ? fromCelsius(stored, unit) : stored);
        if (list.some((line) => line.bound === bound && line.value === value)) continue;
        list.push({ value, bound, alarm: alarm.name });
      }
    }
  }
  return byGroup;
}
