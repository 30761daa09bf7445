import {
  alarmUnit,
  isTemperatureAlarm,
  type MetricKey,
  type TemperatureUnit,
} from '@vigil/contracts';
import type { alarms } from '../../../db/schema/index.js';
import type { ChartThreshold } from '../../../jobs/pdf-chart.js';

type Alarm = typeof alarms.$inferSelect;

type BoundField =
  | 'minTemp'
  | 'maxTemp'
  | 'minShtT'
  | 'maxShtT'
  | 'minHumidity'
  | 'maxHumidity'
  | 'minCarbon'
  | 'maxCarbon'
  | 'minPressure'
  | 'maxPressure'
  | 'minLntmp'
  | 'maxLntmp'
  | 'minLn2Level'
  | 'maxLn2Level'
  | 'minBattery';

type EnabledField =
  | 'tempEnabled'
  | 'shtTEnabled'
  | 'humidityEnabled'
  | 'carbonEnabled'
  | 'pressureEnabled'
  | 'lntmpEnabled'
  | 'ln2LevelEnabled'
  | 'batteryEnabled';

/** The fields of an alarm definition its chart lines come from. */
export type AlarmBounds = Pick<Alarm, 'name' | 'enable' | 'kind' | BoundField | EnabledField>;

type AlarmRange = {
  /** The alarm event type (modules/alarms/engine/checks.ts): it decides the unit. */
  type: string;
  enabled: EnabledField;
  min: BoundField | null;
  max: BoundField | null;
  /**
   * The charts the engine reads this range from, in its order (checks.ts `metricValues`): the
   * lines go on the first one the export draws.
   */
  charts: readonly MetricKey[];
  /** The charts for a Node_Type 1 device (its probe reports `thermo`), when they differ. */
  probeCharts?: readonly MetricKey[];
};

const alarmRanges: readonly AlarmRange[] = [
  {
    type: 'temperature',
    enabled: 'tempEnabled',
    min: 'minTemp',
    max: 'maxTemp',
    charts: ['t'],
    probeCharts: ['thermo', 't'],
  },
  {
    type: 'thermocouple',
    enabled: 'shtTEnabled',
    min: 'minShtT',
    max: 'maxShtT',
    charts: ['sht_t'],
  },
  {
    type: 'humidity',
    enabled: 'humidityEnabled',
    min: 'minHumidity',
    max: 'maxHumidity',
    charts: ['h', 'sht_rh'],
  },
  { type: 'co2', enabled: 'carbonEnabled', min: 'minCarbon', max: 'maxCarbon', charts: ['c'] },
  {
    type: 'pressure',
    enabled: 'pressureEnabled',
    min: 'minPressure',
    max: 'maxPressure',
    charts: ['pressure'],
  },
  {
    type: 'ln2_temperature',
    enabled: 'lntmpEnabled',
    min: 'minLntmp',
    max: 'maxLntmp',
    charts: ['thermo', 't'],
  },
  {
    type: 'ln2_level',
    enabled: 'ln2LevelEnabled',
    min: 'minLn2Level',
    max: 'maxLn2Level',
    charts: ['ln2lvl'],
  },
  { type: 'battery', enabled: 'batteryEnabled', min: 'minBattery', max: null, charts: ['bv', 'b'] },
];

/** A stored bound as the chart shows it: temperatures in the account's unit, to 0.001. */
function shownBound(type: string, value: number, unit: TemperatureUnit): number {
  const shown = unit === 'F' && isTemperatureAlarm(type) ? 1.8 * value + 32 : value;
  return Math.round(shown * 1000) / 1000;
}

/**
 * The dashed lines of each chart of a device-data PDF, as the web chart draws them: every bound
 * of the device's enabled threshold alarms, on the chart of the metric the alarm engine checks
 * it against, in the account's unit and labelled with the alarm's name. The same bound of two
 * alarms is drawn once. Light profiles are left out: their bounds hold only inside their
 * schedule's windows, not across the whole chart.
 */
export function chartThresholds(
  definitions: readonly AlarmBounds[],
  charted: readonly MetricKey[],
  device: { nodeType: number | null; unit: TemperatureUnit },
): Map<MetricKey, ChartThreshold[]> {
  const byChart = new Map<MetricKey, ChartThreshold[]>();
  for (const alarm of definitions) {
    if (!alarm.enable || alarm.kind !== 'threshold') continue;
    for (const range of alarmRanges) {
      if (!alarm[range.enabled]) continue;
      const candidates = device.nodeType === 1 ? (range.probeCharts ?? range.charts) : range.charts;
      const chart = candidates.find((metric) => charted.includes(metric));
      if (chart === undefined) continue;
      const lines = byChart.get(chart) ?? [];
      for (const bound of ['min', 'max'] as const) {
        const field = range[bound];
        const stored = field === null ? null : alarm[field];
        if (stored === null) continue;
        const value = shownBound(range.type, stored, device.unit);
        if (lines.some((line) => line.bound === bound && line.value === value)) continue;
        lines.push({
          value,
          bound,
          label: { alarm: alarm.name, unit: alarmUnit(range.type, device.unit) },
        });
      }
      if (lines.length > 0) byChart.set(chart, lines);
    }
  }
  return byChart;
}
