/**
 * What a report run says: per device and selected metric, the period's min, max, mean, MKT
 * (temperatures), time out of range against the device's alarm thresholds and data gaps —
 * all from the raw readings of the period (gaps are never interpolated).
 */
import { and, asc, desc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  accounts,
  alarmEvents,
  doorEvents,
  alarms,
  comments,
  devices,
  readings,
  users,
} from '../../db/schema/index.js';
import {
  dataGaps,
  holdLimit,
  meanKineticTemperature,
  medianCadence,
  summarize,
  timeOutOfRange,
  doorSummary,
  type DoorSummary,
  type Sample,
} from './statistics.js';

type Reading = typeof readings.$inferSelect;
type Alarm = typeof alarms.$inferSelect;
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

/** The report metrics, the reading field each comes from, and the alarm thresholds it uses. */
export const reportMetrics = [
  {
    key: 'temperature',
    flag: 'temp',
    label: 'Temperature',
    unit: 'temperature',
    value: (r: Reading) => (r.nodeType === 1 ? (r.thermo ?? r.t) : r.t),
    thresholds: (a: Alarm): [number | null, number | null] | null =>
      a.tempEnabled ? [a.minTemp, a.maxTemp] : null,
  },
  {
    key: 'humidity',
    flag: 'humidity',
    label: 'Humidity',
    unit: '%RH',
    value: (r: Reading) => r.h ?? r.shtRh,
    thresholds: (a: Alarm): [number | null, number | null] | null =>
      a.humidityEnabled ? [a.minHumidity, a.maxHumidity] : null,
  },
  {
    key: 'co2',
    flag: 'carbon',
    label: 'CO2',
    unit: '%',
    value: (r: Reading) => r.c,
    thresholds: (a: Alarm): [number | null, number | null] | null =>
      a.carbonEnabled ? [a.minCarbon, a.maxCarbon] : null,
  },
  {
    key: 'pressure',
    flag: 'pressure',
    label: 'Pressure',
    unit: 'Pa',
    value: (r: Reading) => r.pressure,
    thresholds: (a: Alarm): [number | null, number | null] | null =>
      a.pressureEnabled ? [a.minPressure, a.maxPressure] : null,
  },
  {
    key: 'thermocouple',
    flag: 'thermoCouple',
    label: 'Thermocouple',
    unit: 'temperature',
    value: (r: Reading) => r.shtT,
    thresholds: (a: Alarm): [number | null, number | null] | null =>
      a.shtTEnabled ? [a.minShtT, a.maxShtT] : null,
  },
  {
    key: 'ln2_level',
    flag: 'lnlvl',
    label: 'LN2 level',
    unit: '%',
    value: (r: Reading) => r.ln2lvl,
    thresholds: (a: Alarm): [number | null, number | null] | null =>
      a.ln2LevelEnabled ? [a.minLn2Level, a.maxLn2Level] : null,
  },
  {
    key: 'ln2_temperature',
    flag: 'lntmp',
    label: 'LN2 temperature',
    unit: 'temperature',
    value: (r: Reading) => r.thermo ?? r.t,
    thresholds: (a: Alarm): [number | null, number | null] | null =>
      a.lntmpEnabled ? [a.minLntmp, a.maxLntmp] : null,
  },
] as const;

export type StatisticsRow = {
  deviceId: string;
  deviceName: string;
  metric: string;
  label: string;
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
  /** Door rows only: openings begun in the period, their total and longest open time. */
  door: DoorSummary | null;
};

export type ReportEvent = {
  deviceName: string;
  type: string;
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
  /** Alarm events raised in the period, oldest or latest first as the report says. */
  events: ReportEvent[];
};

/** A device without readings for a day reports at this cadence (the devices' default TTL). */
const fallbackCadenceMs = 60_000;

const temperatureTypes = new Set(['temperature', 'thermocouple', 'ln2_temperature']);

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
  };
}

export async function buildContent(
  db: Executor,
  report: ReportFlags & { accountId: string; id: string; sortBy: number },
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
      rows.push({
        deviceId: device.id,
        deviceName: device.name,
        metric: metric.key,
        label: metric.label,
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
        label: 'Door openings',
        unit: '',
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
        door: doorSummary(
          openings.map((o) => ({
            openedAt: o.openedAt.getTime(),
            closedAt: o.closedAt?.getTime() ?? null,
          })),
          period,
        ),
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
    value: temperatureTypes.has(event.type) ? toUnit(event.value, unit) : event.value,
    raisedAt: event.raisedAt.getTime(),
    clearedAt: event.clearedAt?.getTime() ?? null,
    acknowledgedAt: event.acknowledgedAt?.getTime() ?? null,
    acknowledgedBy: event.acknowledgedBy,
    comment: acknowledgements.find((ack) => ack.eventId === event.id)?.comment ?? null,
  }));
  return { accountName: account?.name ?? '', temperatureUnit: unit, rows, events };
}
