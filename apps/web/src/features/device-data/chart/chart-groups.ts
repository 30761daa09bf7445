import { metricKeys, noReading, type MetricKey, type TemperatureUnit } from '@vigil/contracts';
import { fromCelsius } from '../../../lib/temperature';
import type { Graph, GraphPoint } from './point-buffer';

export type GroupId =
  'temperature' | 'humidity' | 'co2' | 'pressure' | 'ln2' | 'battery' | 'light' | 'door' | 'water';

interface GroupDefinition {
  id: GroupId;
  keys: readonly MetricKey[];
  /**
   * The keys are one measurement under two names (battery `BV` and `b`, water `w` and
   * `water_s`, CO2 `c` beside the sensor flag `CO2_s`): only the first the device reports is
   * drawn, as the alarm engine reads them, so the chart has no duplicate series.
   */
  firstOnly?: boolean;
  /** States (door open/closed, water present/low) drawn as step lines. */
  step?: boolean;
  /** A fixed y range (battery 0 to 100 %). */
  range?: readonly [number, number];
}

/** One chart per group of metrics that share a unit (spec monitoring 3 and 5). */
export const metricGroups: readonly GroupDefinition[] = [
  { id: 'temperature', keys: ['t', 'thermo', 'sht_t', 'sht_1_t'] },
  { id: 'humidity', keys: ['h', 'sht_rh', 'sht_1_rh'] },
  { id: 'co2', keys: ['c', 'co2_s'], firstOnly: true },
  { id: 'pressure', keys: ['pressure'] },
  { id: 'ln2', keys: ['ln2lvl'] },
  { id: 'battery', keys: ['bv', 'b'], firstOnly: true, range: [0, 100] },
  { id: 'light', keys: ['light_s'] },
  { id: 'door', keys: ['d'], step: true },
  { id: 'water', keys: ['w', 'water_s'], firstOnly: true, step: true },
];

const temperatureKeys = new Set<MetricKey>(['t', 'thermo', 'sht_t', 'sht_1_t']);
/** Door and water report 2 for "unknown / not applicable": no value on a chart. */
const stateKeys = new Set<MetricKey>(['d', 'w']);

/**
 * Node_Type 1 devices (the ones with a thermocouple, `thermo`) toggle between two views:
 * the probe inside the equipment (thermocouple temperature and LN2 level) and the ambient
 * sensors around it (everything else: air temperature, humidity, CO2, pressure, battery...).
 */
export type ChartView = 'probe' | 'ambient';
const probeKeys = new Set<MetricKey>(['thermo', 'ln2lvl']);

export const groupUnit = (id: GroupId, unit: TemperatureUnit): string => {
  switch (id) {
    case 'temperature':
      return `°${unit}`;
    case 'pressure':
      return 'hPa';
    case 'light':
      return 'lux';
    case 'door':
    case 'water':
      return '';
    case 'humidity':
    case 'co2':
    case 'ln2':
    case 'battery':
      return '%';
  }
};

export interface ChartSeries {
  key: MetricKey;
  values: (number | null)[];
  /** Min and max of each bucket, for the shaded band of bucketed ranges. */
  band?: { min: (number | null)[]; max: (number | null)[] };
}

export interface ChartGroup {
  id: GroupId;
  step: boolean;
  series: ChartSeries[];
  range?: readonly [number, number];
}

export interface ChartModel {
  /** Unix seconds (uPlot's x scale). */
  xs: number[];
  groups: ChartGroup[];
  /** True when the device has both views (Node_Type 1): the toggle is shown. */
  hasViews: boolean;
  bucketed: boolean;
}

function valueOf(point: GraphPoint, key: string, metric: MetricKey, unit: TemperatureUnit) {
  const value = point[key];
  if (typeof value !== 'number' || value === noReading) return null;
  if (stateKeys.has(metric) && value === 2) return null;
  return temperatureKeys.has(metric) ? fromCelsius(value, unit) : value;
}

const presentIn = (points: readonly GraphPoint[], key: string) =>
  points.some((point) => typeof point[key] === 'number' && point[key] !== noReading);

function seriesOf(
  graph: Graph,
  metric: MetricKey,
  unit: TemperatureUnit,
  bucketed: boolean,
): ChartSeries {
  const column = (key: string) => graph.points.map((point) => valueOf(point, key, metric, unit));
  const series: ChartSeries = { key: metric, values: column(metric) };
  if (bucketed && presentIn(graph.points, `${metric}_min`)) {
    series.band = { min: column(`${metric}_min`), max: column(`${metric}_max`) };
  }
  return series;
}

/**
 * The charts of a graph reply: one group per unit with the metrics present, temperatures in the
 * account's unit, nulls kept as gaps. On bucketed ranges each series carries its min–max band.
 */
export function chartModelOf(graph: Graph, unit: TemperatureUnit, view: ChartView): ChartModel {
  const present = metricKeys.filter((key) =>
    graph.points.some((point) => valueOf(point, key, key, unit) !== null),
  );
  const hasViews =
    present.includes('thermo') && present.some((key) => !probeKeys.has(key) && key !== 'd');
  const shown = hasViews
    ? present.filter((key) => probeKeys.has(key) === (view === 'probe'))
    : present;
  const bucketed = graph.bucket !== 'raw';
  const groups = metricGroups.flatMap((group): ChartGroup[] => {
    const present = group.keys.filter((key) => shown.includes(key));
    const keys = group.firstOnly ? present.slice(0, 1) : present;
    if (keys.length === 0) return [];
    const series = keys.map((key) => seriesOf(graph, key, unit, bucketed));
    return [
      {
        id: group.id,
        step: group.step === true,
        series,
        ...(group.range ? { range: group.range } : {}),
      },
    ];
  });
  const xs = graph.points.map((point) =>
    typeof point.ts === 'string' ? Date.parse(point.ts) / 1000 : Number.NaN,
  );
  return { xs, groups, hasViews, bucketed };
}

/** uPlot's data for one group: x, then per series its values, then its band's min and max. */
export function alignedDataOf(xs: number[], group: ChartGroup): (number | null)[][] {
  const data: (number | null)[][] = [xs];
  for (const series of group.series) {
    data.push(series.values);
    if (series.band) data.push(series.band.min, series.band.max);
  }
  return data;
}
