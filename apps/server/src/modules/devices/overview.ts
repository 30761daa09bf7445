import {
  deviceAlarmState,
  equipmentTypes,
  primaryMetric,
  sparklinePoints,
  type MetricKey,
  type OpenAlarm,
  type OverviewDevice,
  type Sparkline,
} from '@vigil/contracts';
import type { AppContext } from '../../context.js';
import { ownAccount, type Scope } from '../../lib/scope.js';
import * as repo from './overview-repo.js';
import { toReading } from './view.js';

const iso = (value: Date | string) => new Date(value).toISOString();

function toOpenAlarm(row: repo.OpenEventRow): OpenAlarm {
  return {
    eventId: row.eventId,
    type: row.type,
    acknowledged: row.acknowledged,
    value: row.value,
    peak: row.peak,
    min: row.min,
    max: row.max,
    raisedAt: iso(row.raisedAt),
  };
}

function toOverviewDevice(row: repo.OverviewRow, alarms: OpenAlarm[]): OverviewDevice {
  const lastSeenAt = row.lastSeenAt?.toISOString() ?? null;
  return {
    id: row.id,
    deviceId: row.deviceId,
    name: row.name,
    locationId: row.locationId,
    location: row.location,
    equipmentType: equipmentTypes.find((type) => type === row.equipmentType) ?? 'N/A',
    nodeType: row.nodeType,
    status: row.status,
    lastSeenAt,
    latest: toReading(row.latestData),
    state: deviceAlarmState({ status: row.status, lastSeenAt, alarms }),
    alarms,
  };
}

/** The devices of the actor's scope (or one of them) with their open alarms and state. */
export async function overviewOf(
  ctx: AppContext,
  scope: Scope,
  id?: string,
): Promise<OverviewDevice[]> {
  const own = ownAccount(scope);
  const rows = await repo.overviewDevices(ctx.db, {
    accountId: own.accountId,
    ...(own.assignedTo === null ? {} : { assignedTo: own.assignedTo }),
    ...(id === undefined ? {} : { id }),
  });
  const events = await repo.openEvents(
    ctx.db,
    rows.map((row) => row.id),
  );
  const byDevice = new Map<string, OpenAlarm[]>();
  for (const event of events) {
    byDevice.set(event.deviceId, [...(byDevice.get(event.deviceId) ?? []), toOpenAlarm(event)]);
  }
  return rows.map((row) => toOverviewDevice(row, byDevice.get(row.id) ?? []));
}

/**
 * Every visible device's sparkline over the last `hours`, in one query: its primary metric's
 * mean per slot from the minute rollups, null where it sent nothing.
 */
export async function sparklines(ctx: AppContext, scope: Scope, hours: number) {
  const own = ownAccount(scope);
  const rows = await repo.overviewDevices(ctx.db, {
    accountId: own.accountId,
    ...(own.assignedTo === null ? {} : { assignedTo: own.assignedTo }),
  });
  const series: { deviceId: string; metric: MetricKey }[] = [];
  for (const row of rows) {
    const metric = primaryMetric(toReading(row.latestData));
    if (metric) series.push({ deviceId: row.id, metric });
  }
  const slotSeconds = Math.round((hours * 3600) / sparklinePoints);
  const to = new Date(Math.ceil(Date.now() / 60_000) * 60_000);
  const from = new Date(to.getTime() - sparklinePoints * slotSeconds * 1000);
  const points = await repo.sparklineRows(ctx.db, series, { from, to, slotSeconds });
  const byKey = new Map<string, (number | null)[]>(
    series.map((item) => [
      `${item.deviceId}|${item.metric}`,
      Array<number | null>(sparklinePoints).fill(null),
    ]),
  );
  for (const point of points) {
    const slots = byKey.get(`${point.deviceId}|${point.metric}`);
    if (slots && point.slot >= 0 && point.slot < sparklinePoints) slots[point.slot] = point.mean;
  }
  const list: Sparkline[] = series.map((item) => ({
    id: item.deviceId,
    metric: item.metric,
    points: byKey.get(`${item.deviceId}|${item.metric}`) ?? [],
  }));
  return { from: from.toISOString(), to: to.toISOString(), slotSeconds, series: list };
}
