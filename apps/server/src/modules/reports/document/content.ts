/**
 * What a report run says: per device and selected metric, the period's min, max, mean, MKT
 * (temperatures), time out of range against the device's alarm thresholds and data gaps —
 * all from the raw readings of the period (gaps are never interpolated).
 */
import type { Executor } from '../../../db/client.js';
import { chartBucketMs } from '../../../jobs/pdf-chart.js';
import { rollupMeans } from '../../readings/index.js';
import * as contentRepo from '../content-repo.js';
import { insightsOf } from './insights.js';
import { reportMetrics } from './metrics.js';
import type { ReportContent, ReportEvent, StatisticsRow } from './model.js';
import {
  dataGaps,
  holdLimit,
  meanKineticTemperature,
  medianCadence,
  summarize,
  timeOutOfRange,
  doorSummary,
  type Opening,
  type Sample,
} from './statistics.js';

type ReportFlags = {
  door: boolean;
  temp: boolean;
  humidity: boolean;
  carbon: boolean;
  pressure: boolean;
  thermoCouple: boolean;
  lnlvl: boolean;
  lntmp: boolean;
};

type Period = { start: number; end: number };
type Unit = 'C' | 'F';
type Device = { id: string; name: string };
type Metric = (typeof reportMetrics)[number];

/** A device without readings for a day reports at this cadence (the devices' default TTL). */
const fallbackCadenceMs = 60_000;

const temperatureTypes = new Set(['temperature', 'thermocouple', 'ln2_temperature']);

const eventUnits: Record<string, string> = {
  humidity: '%RH',
  co2: '%',
  pressure: 'Pa',
  ln2_level: '%',
  battery: '%',
};

const toUnit = (celsius: number | null, unit: 'C' | 'F') =>
  celsius === null || unit === 'C' ? celsius : celsius * 1.8 + 32;

/**
 * The statistics of one device and metric. Several alarms on one device: the tightest range
 * (largest min, smallest max) is the one a reading must keep.
 */
export function metricStatistics(
  samples: Sample[],
  period: { start: number; end: number },
  thresholds: { min: number | null; max: number | null },
  isTemperature: boolean,
) {
  const values = samples.map((sample) => sample.value);
  const summary = summarize(values);
  const limit = holdLimit(medianCadence(samples) ?? fallbackCadenceMs);
  const gaps = dataGaps(samples, period, limit);
  return {
    count: summary?.count ?? 0,
    min: summary?.min ?? null,
    max: summary?.max ?? null,
    mean: summary?.mean ?? null,
    mkt: isTemperature ? meanKineticTemperature(values) : null,
    outOfRangeMs: timeOutOfRange(samples, thresholds, period, limit),
    gapCount: gaps.length,
    gapMs: gaps.reduce((sum, gap) => sum + gap.end - gap.start, 0),
    gaps,
  };
}

/** Wet spells from a spill sensor's readings (1 wet, 0 dry), in the shape of door openings. */
export function wetSpells(samples: readonly Sample[]): Opening[] {
  const spells: Opening[] = [];
  let wetSince: number | null = null;
  for (const sample of samples) {
    if (sample.value > 0 && wetSince === null) wetSince = sample.at;
    if (sample.value <= 0 && wetSince !== null) {
      spells.push({ openedAt: wetSince, closedAt: sample.at });
      wetSince = null;
    }
  }
  if (wetSince !== null) spells.push({ openedAt: wetSince, closedAt: null });
  return spells;
}

const emptyStatistics = {
  count: 0,
  min: null,
  max: null,
  mean: null,
  mkt: null,
  low: null,
  high: null,
  outOfRangeMs: 0,
  gapCount: 0,
  gapMs: 0,
  chart: [],
  gaps: [],
};

/** The tightest range of the device's alarms for a metric: largest min, smallest max. */
function thresholdsOf(metric: Metric, deviceAlarms: contentRepo.ThresholdAlarm[]) {
  let low: number | null = null;
  let high: number | null = null;
  for (const alarm of deviceAlarms) {
    const range = metric.thresholds(alarm);
    if (!range) continue;
    const [min, max] = range;
    if (min !== null && (low === null || min > low)) low = min;
    if (max !== null && (high === null || max < high)) high = max;
  }
  return { low, high };
}

/** The statistics rows of one device's selected metrics (in the account's unit). */
async function metricRows(
  db: Executor,
  device: Device,
  series: contentRepo.PeriodReading[],
  metrics: Metric[],
  scale: { period: Period; bucketMs: number; unit: Unit },
): Promise<StatisticsRow[]> {
  const { period, bucketMs, unit } = scale;
  const deviceAlarms = await contentRepo.thresholdAlarms(db, device.id);
  const means = await rollupMeans(
    db,
    device.id,
    metrics.flatMap((metric) => metric.rollup),
    period,
    bucketMs,
  );
  // A thermocouple device (node type 1) reports its probe: its chart is the probe's.
  const probe = series.some((reading) => reading.nodeType === 1 && reading.thermo !== null);
  return metrics.map((metric) => {
    const samples: Sample[] = [];
    for (const reading of series) {
      const value = metric.value(reading);
      if (value !== null && value !== -255) samples.push({ at: reading.ts.getTime(), value });
    }
    const { low, high } = thresholdsOf(metric, deviceAlarms);
    const isTemperature = metric.unit === 'temperature';
    const stats = metricStatistics(samples, period, { min: low, max: high }, isTemperature);
    const shown = (value: number | null) => (isTemperature ? toUnit(value, unit) : value);
    const preferred = metric.key === 'temperature' && probe ? ['thermo', 't'] : [...metric.rollup];
    const source = preferred.map((key) => means.get(key)).find((points) => points?.length);
    return {
      deviceId: device.id,
      deviceName: device.name,
      metric: metric.key,
      unit: isTemperature ? `°${unit}` : metric.unit,
      count: stats.count,
      min: shown(stats.min),
      max: shown(stats.max),
      mean: shown(stats.mean),
      mkt: shown(stats.mkt),
      low: shown(low),
      high: shown(high),
      outOfRangeMs: stats.outOfRangeMs,
      gapCount: stats.gapCount,
      gapMs: stats.gapMs,
      door: null,
      chart: (source ?? []).map((point) => ({ at: point.at, value: shown(point.value) ?? 0 })),
      gaps: stats.gaps,
    };
  });
}

/** One device's rows: its metrics, then its door openings and wet spells when asked for. */
async function deviceRows(
  db: Executor,
  device: Device,
  report: ReportFlags & { water: boolean },
  metrics: Metric[],
  scale: { period: Period; bucketMs: number; unit: Unit },
): Promise<StatisticsRow[]> {
  const { period } = scale;
  const series = await contentRepo.periodReadings(db, device.id, period);
  const rows = await metricRows(db, device, series, metrics, scale);
  if (report.door) {
    const openings = await contentRepo.doorOpenings(db, device.id, period);
    rows.push({
      deviceId: device.id,
      deviceName: device.name,
      metric: 'door',
      unit: '',
      ...emptyStatistics,
      door: doorSummary(
        openings.map((o) => ({
          openedAt: o.openedAt.getTime(),
          closedAt: o.closedAt?.getTime() ?? null,
        })),
        period,
      ),
    });
  }
  if (report.water) {
    const wet: Sample[] = [];
    for (const reading of series) {
      const value = reading.w ?? reading.waterS;
      if (value !== null && value !== -255) wet.push({ at: reading.ts.getTime(), value });
    }
    rows.push({
      deviceId: device.id,
      deviceName: device.name,
      metric: 'spill',
      unit: '',
      ...emptyStatistics,
      door: doorSummary(wetSpells(wet), period),
    });
  }
  return rows;
}

/** The alarm events of the devices raised in the period, with their acknowledgement comments. */
async function reportEvents(
  db: Executor,
  report: { accountId: string; sortBy: number },
  devices: Device[],
  period: Period,
  unit: Unit,
): Promise<ReportEvent[]> {
  const eventRows = await contentRepo.periodAlarmEvents(
    db,
    report.accountId,
    devices.map((device) => device.id),
    period,
    report.sortBy !== 0,
  );
  const acknowledgements = await contentRepo.acknowledgementComments(
    db,
    eventRows.map((event) => event.id),
  );
  return eventRows.map((event) => ({
    deviceName: event.deviceName,
    type: event.type,
    unit: temperatureTypes.has(event.type) ? `°${unit}` : (eventUnits[event.type] ?? ''),
    value: temperatureTypes.has(event.type) ? toUnit(event.value, unit) : event.value,
    raisedAt: event.raisedAt.getTime(),
    clearedAt: event.clearedAt?.getTime() ?? null,
    acknowledgedAt: event.acknowledgedAt?.getTime() ?? null,
    acknowledgedBy: event.acknowledgedBy,
    comment: acknowledgements.find((ack) => ack.eventId === event.id)?.comment ?? null,
  }));
}

export async function buildContent(
  db: Executor,
  report: ReportFlags & {
    accountId: string;
    id: string;
    sortBy: number;
    water: boolean;
    insightReport: boolean;
  },
  deviceIds: string[],
  period: Period,
): Promise<ReportContent> {
  const account = await contentRepo.accountHeading(db, report.accountId);
  const devices = await contentRepo.accountDevices(db, report.accountId, deviceIds);
  const unit = account?.unit ?? 'C';
  const metrics = reportMetrics.filter((metric) => report[metric.flag]);
  const bucketMs = chartBucketMs(period);
  const rows: StatisticsRow[] = [];
  for (const device of devices)
    rows.push(...(await deviceRows(db, device, report, metrics, { period, bucketMs, unit })));
  const events = await reportEvents(db, report, devices, period, unit);
  const content = {
    accountName: account?.name ?? '',
    temperatureUnit: unit,
    rows,
    events,
    bucketMs,
  };
  return {
    ...content,
    insights: report.insightReport ? insightsOf(content, period) : [],
  };
}
