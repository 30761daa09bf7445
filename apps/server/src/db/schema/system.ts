import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, tstz, updatedAt } from './columns.js';
import { accounts, users } from './identity.js';

/** A long piece of work a person asked for (exports), polled for status and progress. */
export const tasks = pgTable(
  'tasks',
  {
    id: id(),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    params: jsonb('params').notNull(),
    status: text('status', { enum: ['queued', 'running', 'completed', 'failed'] })
      .notNull()
      .default('queued'),
    progress: integer('progress').notNull().default(0),
    resultPath: text('result_path'),
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: tstz('finished_at'),
  },
  (table) => [index('tasks_account_idx').on(table.accountId, table.createdAt)],
);

/**
 * The durable job queue: jobs are inserted in the transaction that causes them and
 * claimed with FOR UPDATE SKIP LOCKED, so several workers never run one job twice.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(8),
    runAt: tstz('run_at').notNull().defaultNow(),
    lockedAt: tstz('locked_at'),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    /** A job with a key is enqueued at most once (e.g. one report run per period). */
    singletonKey: text('singleton_key'),
    createdAt: createdAt(),
    finishedAt: tstz('finished_at'),
  },
  (table) => [
    index('jobs_due_idx').on(table.status, table.runAt),
    uniqueIndex('jobs_singleton_key').on(table.singletonKey),
  ],
);

/**
 * The audit trail. Entries form one hash chain per account ('platform' for entries
 * without an account): `hash` = sha256 over `prev_hash` and the entry's fields.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    chain: text('chain').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    accountId: uuid('account_id'),
    accountName: text('account_name'),
    userId: uuid('user_id'),
    userEmail: text('user_email'),
    event: text('event').notNull(),
    action: text('action').notNull(),
    result: text('result', { enum: ['success', 'failure'] }).notNull(),
    information: text('information').notNull(),
    ip: text('ip'),
    createdAt: tstz('created_at').notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (table) => [
    uniqueIndex('audit_log_chain_seq_key').on(table.chain, table.seq),
    index('audit_log_account_idx').on(table.accountId, table.createdAt),
    index('audit_log_created_idx').on(table.createdAt),
  ],
);

/** The last link of each chain; locked while appending so that appends serialise per chain. */
export const auditChainHeads = pgTable('audit_chain_heads', {
  chain: text('chain').primaryKey(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  hash: text('hash').notNull(),
});
