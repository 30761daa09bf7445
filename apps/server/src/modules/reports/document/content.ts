/**
 * What a report run says: per device and selected metric, the period's min, max, mean, MKT
 * (temperatures), time out of range against the device's alarm thresholds and data gaps —
 * all from the raw readings of the period (gaps are never interpolated).
 */
import { and, asc, desc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import {
  accounts,
  alarmEvents,
  doorEvents,
  alarms,
  comments,
  devices,
  readingRollups1h,
  readingRollups1m,
  readings,
  users,
} from '../../../db/schema/index.js';
import {
  dataGaps,
  holdLimit,
  meanKineticTemperature,
  medianCadence,
  summarize,
  timeOutOfRange,
  doorSummary,
  type DoorSummary,
  type Gap,
  type Opening,
  type Sample,
} from './statistics.js';
import { insightsOf, type Insight } from './insights.js';
import { reportMetrics } from './metrics.js';

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

export type ChartPoint = { at: number; value: number };

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

/** Charts of periods up to two days use the 1-minute rollups, longer ones the hourly. */
export const chartBucketMs = (period: { start: number; end: number }) =>
  period.end - period.start <= 2 * 24 * 3_600_000 ? 60_000 : 3_600_000;

/** The means of one device's rollups in the period, per rollup metric (stored units). */
export async function rollupMeans(
  db: Executor,
  deviceId: string,
  metrics: readonly string[],
  period: { start: number; end: number },
  bucketMs: number,
): Promise<Map<string, ChartPoint[]>> {
  const table = bucketMs === 60_000 ? readingRollups1m : readingRollups1h;
  const byMetric = new Map<string, ChartPoint[]>();
  if (metrics.length === 0) return byMetric;
  const rows = await db
    .select({ metric: table.metric, bucket: table.bucket, sum: table.sum, count: table.count })
    .from(table)
    .where(
      and(
        eq(table.deviceId, deviceId),
        inArray(table.metric, [...metrics]),
        gte(table.bucket, new Date(period.start)),
        lt(table.bucket, new Date(period.end)),
      ),
    )
    .orderBy(asc(table.bucket));
  for (const row of rows) {
    const points = byMetric.get(row.metric) ?? [];
    points.push({ at: row.bucket.getTime(), value: row.sum / row.count });
    byMetric.set(row.metric, points);
  }
  return byMetric;
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
  period: { start: number; end: number },
): Promise<ReportContent> {
  const [account] = await db
    .select({ name: accounts.companyName, unit: accounts.temperatureUnit })
    .from(accounts)
    .where(eq(accounts.id, report.accountId));
  const deviceRows =
    deviceIds.length === 0
      ? []
      : await db
          .select({ id: devices.id, name: devices.name })
          .from(devices)
          .where(and(eq(devices.accountId, report.accountId), inArray(devices.id, deviceIds)))
          .orderBy(asc(devices.name), asc(devices.id));
  const unit = account?.unit ?? 'C';
  const metrics = reportMetrics.filter((metric) => report[metric.flag]);
  const bucketMs = chartBucketMs(period);
  const rows: StatisticsRow[] = [];
  for (const device of deviceRows) {
    const series = await db
      .select()
      .from(readings)
      .where(
        and(
          eq(readings.deviceId, device.id),
          gte(readings.ts, new Date(period.start)),
          lt(readings.ts, new Date(period.end)),
        ),
      )
      .orderBy(asc(readings.ts));
    const deviceAlarms = await db
      .select()
      .from(alarms)
      .where(and(eq(alarms.deviceId, device.id), eq(alarms.kind, 'threshold')));
    const means = await rollupMeans(
      db,
      device.id,
      metrics.flatMap((metric) => metric.rollup),
      period,
      bucketMs,
    );
    // A thermocouple device (node type 1) reports its probe: its chart is the probe's.
    const probe = series.some((reading) => reading.nodeType === 1 && reading.thermo !== null);
    for (const metric of metrics) {
      const samples: Sample[] = [];
      for (const reading of series) {
        const value = metric.value(reading);
        if (value !== null && value !== -255) samples.push({ at: reading.ts.getTime(), value });
      }
      let low: number | null = null;
      let high: number | null = null;
      for (const alarm of deviceAlarms) {
        const range = metric.thresholds(alarm);
        if (!range) continue;
        const [min, max] = range;
        if (min !== null && (low === null || min > low)) low = min;
        if (max !== null && (high === null || max < high)) high = max;
      }
      const isTemperature = metric.unit === 'temperature';
      const stats = metricStatistics(samples, period, { min: low, max: high }, isTemperature);
      const shown = (value: number | null) => (isTemperature ? toUnit(value, unit) : value);
      const preferred =
        metric.key === 'temperature' && probe ? ['thermo', 't'] : [...metric.rollup];
      const source = preferred.map((key) => means.get(key)).find((points) => points?.length);
      rows.push({
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
      });
    }
    if (report.door) {
      const openings = await db
        .select({ openedAt: doorEvents.openedAt, closedAt: doorEvents.closedAt })
        .from(doorEvents)
        .where(
          and(
            eq(doorEvents.deviceId, device.id),
            gte(doorEvents.openedAt, new Date(period.start)),
            lt(doorEvents.openedAt, new Date(period.end)),
          ),
        );
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
  }
  const eventRows =
    deviceRows.length === 0
      ? []
      : await db
          .select({
            id: alarmEvents.id,
            deviceName: devices.name,
            type: alarmEvents.type,
            value: alarmEvents.value,
            raisedAt: alarmEvents.raisedAt,
            clearedAt: alarmEvents.clearedAt,
            acknowledgedAt: alarmEvents.acknowledgedAt,
            acknowledgedBy: users.name,
          })
          .from(alarmEvents)
          .innerJoin(devices, eq(devices.id, alarmEvents.deviceId))
          .leftJoin(users, eq(users.id, alarmEvents.acknowledgedBy))
          .where(
            and(
              eq(alarmEvents.accountId, report.accountId),
              inArray(
                alarmEvents.deviceId,
                deviceRows.map((device) => device.id),
              ),
              gte(alarmEvents.raisedAt, new Date(period.start)),
              lt(alarmEvents.raisedAt, new Date(period.end)),
            ),
          )
          .orderBy(
            report.sortBy === 0 ? asc(alarmEvents.raisedAt) : desc(alarmEvents.raisedAt),
            asc(alarmEvents.id),
          );
  const acknowledgements =
    eventRows.length === 0
      ? []
      : await db
          .select({ eventId: comments.alarmEventId, comment: comments.comment })
          .from(comments)
          .where(
            and(
              inArray(
                comments.alarmEventId,
                eventRows.map((event) => event.id),
              ),
              eq(comments.isAcknowledgement, true),
            ),
          );
  const events: ReportEvent[] = eventRows.map((event) => ({
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
  const content = {
    accountName: account?.name ?? '',
    temperatureUnit: unit,
    rows,
    events,
    bucketMs,
  };
  return {
    ...content,
    insights: report.insightReport ? insightsOf({ ...content, insights: [] }, period) : [],
  };
}
