import { topics } from '@vigil/contracts';
import { sql } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import pino from 'pino';
import { realtimeAnnouncer } from '../../src/modules/alarms/engine/announce.js';
import { alarmDefinitionsChanged } from '../../src/modules/alarms/engine/definitions.js';
import type { SweepDeps } from '../../src/modules/alarms/engine/sweep.js';
import type { AppContext } from '../../src/context.js';
import type { Db } from '../../src/db/client.js';
import { queryRows } from '../../src/db/query.js';
import { alarms } from '../../src/db/schema/index.js';
import type { TestGateway } from './ingest.js';
import { followedUp } from './test-app.js';

type AlarmInsert = typeof alarms.$inferInsert;

/** An enabled alarm on a device (as the definitions module would store it), announced to the engine. */
export async function insertAlarm(
  ctx: AppContext,
  values: Omit<AlarmInsert, 'name'> & { name?: string },
): Promise<string> {
  const [row] = await ctx.db
    .insert(alarms)
    .values({ name: 'Fridge alarm', ...values })
    .returning({ id: alarms.id });
  if (!row) throw new Error('alarm insert returned nothing');
  alarmDefinitionsChanged(ctx);
  return row.id;
}

export type EventRow = {
  id: string;
  alarm_id: string | null;
  type: string;
  value: number | null;
  peak_value: number | null;
  min: number | null;
  max: number | null;
  reading_ts: string | null;
  out_of_range_since: string | null;
  raised_at: string;
  cleared_at: string | null;
  notified_count: number;
  escalated_at: string | null;
};

const isoOrNull = (value: unknown) =>
  value === null ? null : new Date(value as string).toISOString();

/** The device's alarm events, oldest first, timestamps as ISO strings. */
export async function eventsOf(db: Db, deviceRowId: string): Promise<EventRow[]> {
  const rows = await queryRows<EventRow>(
    db,
    sql`select id, alarm_id, type, value, peak_value, min, max, reading_ts, out_of_range_since, raised_at,
        cleared_at, notified_count, escalated_at
      from alarm_events where device_id = ${deviceRowId} order by raised_at, created_at`,
  );
  return rows.map((row) => ({
    ...row,
    reading_ts: isoOrNull(row.reading_ts),
    out_of_range_since: isoOrNull(row.out_of_range_since),
    raised_at: new Date(row.raised_at).toISOString(),
    cleared_at: isoOrNull(row.cleared_at),
    escalated_at: isoOrNull(row.escalated_at),
  }));
}

/** The alarm.notify jobs of some events, as [occasion, sequence] per event, in insertion order. */
export async function notifyJobs(db: Db, eventIds: string[]): Promise<[string, string, number][]> {
  if (eventIds.length === 0) return [];
  const rows = await queryRows<{
    payload: { eventId: string; occasion: string; sequence: number };
  }>(
    db,
    sql`select payload from jobs where name = 'alarm.notify'
      and payload->>'eventId' = any(${sql.param(eventIds)}::text[]) order by id`,
  );
  return rows.map((row) => [row.payload.eventId, row.payload.occasion, row.payload.sequence]);
}

/** The sweeps' dependencies, announcing through the runtime's realtime side. */
export function sweepDeps(ctx: AppContext): SweepDeps {
  return {
    db: ctx.db,
    announce: realtimeAnnouncer(ctx.realtime),
    jobsEnqueued: () => undefined,
    log: pino({ level: 'silent' }),
  };
}

/** Publishes readings (QoS 1); resolves once the server has stored them and their follow-up (alarms) is done. */
export async function publishReadings(
  client: MqttClient,
  gateway: TestGateway,
  readings: { deviceId: string; ts: string; data: Record<string, unknown> }[],
): Promise<void> {
  await client.publishAsync(topics.up(gateway.gatewayId), JSON.stringify({ readings }), {
    qos: 1,
  });
  await followedUp();
}
