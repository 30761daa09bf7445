import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, tstz } from './columns.js';
import { accounts } from './identity.js';
import { devices } from './inventory.js';

/**
 * One row per device and sensor timestamp; -255 ("no reading") is stored as NULL. Partitioned
 * by month of `ts` (migration 0005, db/partitions.ts): drizzle sees only the parent.
 * No foreign key: the batch writer inserts only readings of known devices, and
 * deleting a device removes its readings in a job rather than in one huge cascade.
 */
export const readings = pgTable(
  'readings',
  {
    deviceId: uuid('device_id').notNull(),
    ts: tstz('ts').notNull(),
    receivedAt: tstz('received_at').notNull().defaultNow(),
    /** Sent late by a gateway that had been offline. */
    backfilled: boolean('backfilled').notNull().default(false),
    nodeType: smallint('node_type'),
    t: real('t'),
    h: real('h'),
    c: real('c'),
    b: real('b'),
    m: smallint('m'),
    d: smallint('d'),
    w: smallint('w'),
    thermo: real('thermo'),
    shtT: real('sht_t'),
    shtRh: real('sht_rh'),
    sht1T: real('sht_1_t'),
    sht1Rh: real('sht_1_rh'),
    co2S: real('co2_s'),
    bv: real('bv'),
    waterS: real('water_s'),
    ln2lvl: real('ln2lvl'),
    pressure: real('pressure'),
    lightS: real('light_s'),
    /** Fields the contract does not name, kept as sent. */
    extra: jsonb('extra'),
  },
  (table) => [primaryKey({ columns: [table.deviceId, table.ts] })],
);

/** min/avg/max per device, metric and bucket; `sum` and `count` make late updates exact. */
function rollupTable(name: string) {
  return pgTable(
    name,
    {
      deviceId: uuid('device_id').notNull(),
      bucket: tstz('bucket').notNull(),
      metric: text('metric').notNull(),
      min: doublePrecision('min').notNull(),
      max: doublePrecision('max').notNull(),
      sum: doublePrecision('sum').notNull(),
      count: integer('count').notNull(),
    },
    (table) => [primaryKey({ columns: [table.deviceId, table.metric, table.bucket] })],
  );
}
export const readingRollups1m = rollupTable('reading_rollups_1m');
export const readingRollups10m = rollupTable('reading_rollups_10m');
export const readingRollups1h = rollupTable('reading_rollups_1h');
export const readingRollups6h = rollupTable('reading_rollups_6h');
export const readingRollups1d = rollupTable('reading_rollups_1d');

/**
 * The follow-up owed to readings just stored (rollups, device state, door events, alarms): one
 * row per committed batch, written in the batch's own statement and deleted in the transaction
 * that appends its rollup deltas (reading_rollup_deltas), so that work is done exactly once even
 * across a crash.
 */
export const readingFollowUps = pgTable(
  'reading_follow_ups',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The ingest instance that wrote the batch: it takes its own up again at once after a restart. */
    owner: text('owner').notNull(),
    /** The keys of the readings the batch inserted (duplicates left out), side by side. */
    deviceIds: uuid('device_ids').array().notNull(),
    ts: tstz('ts').array().notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('reading_follow_ups_created_idx').on(table.createdAt)],
);

/**
 * Minute rollup deltas waiting for the rollup writer (modules/readings/rollup-writer.ts): one row per
 * follow-up round and share of its devices, appended in the transaction that deletes the round's
 * follow-up rows (a plain insert that waits on no one), taken and deleted by one writer at a time
 * across all processes in the transaction that adds them to every rollup level, a share at a
 * time. The arrays run side by side, one entry per (device, metric, minute) the round touched.
 */
export const readingRollupDeltas = pgTable('reading_rollup_deltas', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** Which share of the devices the row holds (rollup-levels.ts deltaShare): applied together. */
  share: smallint('share').notNull().default(0),
  deviceIds: uuid('device_ids').array().notNull(),
  metrics: text('metrics').array().notNull(),
  /** The minute's start, in milliseconds since the epoch. */
  buckets: bigint('buckets', { mode: 'number' }).array().notNull(),
  mins: doublePrecision('mins').array().notNull(),
  maxs: doublePrecision('maxs').array().notNull(),
  sums: doublePrecision('sums').array().notNull(),
  counts: integer('counts').array().notNull(),
  createdAt: createdAt(),
});

export const doorEvents = pgTable(
  'door_events',
  {
    id: id(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    /** The door-lock user who opened it, when the lock reports one. */
    usr: text('usr'),
    openedAt: tstz('opened_at').notNull(),
    closedAt: tstz('closed_at'),
    createdAt: createdAt(),
  },
  (table) => [
    index('door_events_account_idx').on(table.accountId, table.openedAt),
    index('door_events_device_idx').on(table.deviceId, table.openedAt),
    // One open door per device: ingest in two processes cannot open the same door twice.
    uniqueIndex('door_events_open_key')
      .on(table.deviceId)
      .where(sql`${table.closedAt} is null`),
  ],
);

export const gatewayLogs = pgTable(
  'gateway_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The gateway's hardware id, kept even for gateways not (or no longer) registered. */
    gatewayId: text('gateway_id').notNull(),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    source: text('source', { enum: ['gateway', 'platform'] }).notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('gateway_logs_gateway_idx').on(table.gatewayId, table.createdAt),
    index('gateway_logs_created_idx').on(table.createdAt),
  ],
);
