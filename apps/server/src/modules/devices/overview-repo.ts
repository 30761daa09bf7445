import type { MetricKey } from '@vigil/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { devices, locations } from '../../db/schema/index.js';
import { readingJson } from '../readings/index.js';
import { assignedTo } from '../../db/assignments.js';

export type OverviewRow = {
  id: string;
  deviceId: string;
  name: string;
  locationId: string | null;
  location: string | null;
  equipmentType: string;
  nodeType: number | null;
  status: 'active' | 'inactive';
  lastSeenAt: Date | null;
  latestData: unknown;
};

/**
 * One device's latest reading as its status shows it: the device state's, or a newer stored
 * reading whose follow-up (which moves the state forward) is still to run, as its live event
 * already left at the commit. The primary key finds it; at most one row is read.
 */
const storedLatest = sql`coalesce((
  select ${readingJson('r')} from readings r
  where r.device_id = ${devices.id}
    and (${devices.latestTs} is null or r.ts > ${devices.latestTs})
  order by r.ts desc limit 1), ${devices.latestData})`;

/**
 * The scope's devices (a `user`: the ones assigned to them), by location name then device name;
 * one device (`id`) with its newest stored reading.
 */
export function overviewDevices(
  db: Executor,
  scope: { accountId: string; assignedTo?: string; id?: string },
): Promise<OverviewRow[]> {
  return db
    .select({
      id: devices.id,
      deviceId: devices.deviceId,
      name: devices.name,
      locationId: devices.locationId,
      location: locations.name,
      equipmentType: devices.equipmentType,
      nodeType: devices.nodeType,
      status: devices.status,
      lastSeenAt: devices.lastSeenAt,
      latestData: scope.id === undefined ? devices.latestData : storedLatest,
    })
    .from(devices)
    .leftJoin(locations, eq(locations.id, devices.locationId))
    .where(
      and(
        eq(devices.accountId, scope.accountId),
        scope.assignedTo === undefined ? undefined : assignedTo(scope.assignedTo),
        scope.id === undefined ? undefined : eq(devices.id, scope.id),
      ),
    )
    .orderBy(sql`${locations.name} asc nulls last`, asc(devices.name), asc(devices.id));
}

export type OpenEventRow = {
  eventId: string;
  deviceId: string;
  type: string;
  acknowledged: boolean;
  value: number | null;
  peak: number | null;
  min: number | null;
  max: number | null;
  raisedAt: Date | string;
};

/** The devices' events still out of range, oldest first. */
export function openEvents(db: Executor, deviceIds: string[]): Promise<OpenEventRow[]> {
  if (deviceIds.length === 0) return Promise.resolve([]);
  return queryRows<OpenEventRow>(
    db,
    sql`select e.id as "eventId", e.device_id as "deviceId", e.type,
        e.acknowledged_at is not null as acknowledged, e.value,
        coalesce(e.peak_value, e.value) as peak, e.min, e.max, e.raised_at as "raisedAt"
      from alarm_events e
      where e.device_id = any(${sql.param(deviceIds)}::uuid[]) and e.cleared_at is null
      order by e.raised_at, e.id`,
  );
}

export type SparklineRow = { deviceId: string; metric: string; slot: number; mean: number };

/**
 * Each series' mean per slot of `slotSeconds` from `from` to `to`, from the minute rollups:
 * one query for every device, each (device, metric) read by its primary key range.
 */
export async function sparklineRows(
  db: Executor,
  series: { deviceId: string; metric: MetricKey }[],
  window: { from: Date; to: Date; slotSeconds: number },
): Promise<SparklineRow[]> {
  if (series.length === 0) return [];
  // Numbers arrive as strings from some drivers (pg's numeric and bigint): converted below.
  const rows = await queryRows<{
    deviceId: string;
    metric: string;
    slot: number | string;
    mean: number | string;
  }>(
    db,
    sql`select r.device_id as "deviceId", r.metric,
        floor(extract(epoch from (r.bucket - ${window.from}::timestamptz))
          / ${window.slotSeconds})::int as slot,
        (sum(r.sum) / nullif(sum(r.count), 0))::float8 as mean
      from unnest(
        ${sql.param(series.map((item) => item.deviceId))}::uuid[],
        ${sql.param(series.map((item) => item.metric))}::text[]
      ) as s(device_id, metric)
      join reading_rollups_1m r on r.device_id = s.device_id and r.metric = s.metric
        and r.bucket >= ${window.from}::timestamptz and r.bucket < ${window.to}::timestamptz
      group by 1, 2, 3`,
  );
  return rows.map((row) => ({ ...row, slot: Number(row.slot), mean: Number(row.mean) }));
}
