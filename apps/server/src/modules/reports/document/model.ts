/**
 * What a report run says, as the PDF, the CSV and the insight report read it: the shapes only,
 * so that the builder (content.ts) and the readers of its result import them from one place.
 */
import type { ChartPoint } from '../../../jobs/pdf-chart.js';
import type { DoorSummary, Gap } from './statistics.js';

export type { ChartPoint };

export type StatisticsRow = {
  deviceId: string;
  deviceName: string;
  /** A `reportMetrics` key, or 'door' / 'spill'. */
  metric: string;
  unit: string;
  count: number;
  min: number | null;
  max: number | null;
  mean: number | null;
  /** Temperatures only. */
  mkt: number | null;
  low: number | null;
  high: number | null;
  outOfRangeMs: number;
  gapCount: number;
  gapMs: number;
  /** Door and spill rows only: openings (spills) begun in the period, their total and longest time. */
  door: DoorSummary | null;
  /** The chart: the rollup means of the period (in the account's unit), oldest first. */
  chart: ChartPoint[];
  /** The data gaps of the period (as counted in `gapCount`): the chart breaks across them. */
  gaps: Gap[];
};

export type ReportEvent = {
  deviceName: string;
  /** The alarm type (alarm_events.type). */
  type: string;
  /** The value's unit: °C/°F for temperatures, else the metric's. */
  unit: string;
  value: number | null;
  raisedAt: number;
  clearedAt: number | null;
  acknowledgedAt: number | null;
  acknowledgedBy: string | null;
  comment: string | null;
};

export type Insight =
  | { kind: 'outOfRange'; device: string; metric: string; minutes: number; percent: number }
  | { kind: 'mktOutside'; device: string; metric: string; mkt: number; unit: string }
  | { kind: 'gaps'; device: string; count: number; minutes: number }
  | { kind: 'unacknowledged'; count: number }
  | { kind: 'clear' };

export type ReportContent = {
  accountName: string;
  temperatureUnit: 'C' | 'F';
  rows: StatisticsRow[];
  /** The width of the rollup buckets the charts are drawn from. */
  bucketMs: number;
  /** Alarm events raised in the period, oldest or latest first as the report says. */
  events: ReportEvent[];
  /** The insight report's findings (insightReport on), else none. */
  insights: Insight[];
};
