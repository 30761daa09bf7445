import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, tstz, updatedAt } from './columns.js';
import { accounts, users } from './identity.js';
import { devices } from './inventory.js';

export const reports = pgTable(
  'reports',
  {
    id: id(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** 'normal' = environment report, 'optional' = door/spill/LN2 report. */
    type: text('type', { enum: ['normal', 'optional'] })
      .notNull()
      .default('normal'),
    temp: boolean('temp').notNull().default(true),
    humidity: boolean('humidity').notNull().default(true),
    carbon: boolean('carbon').notNull().default(true),
    pressure: boolean('pressure').notNull().default(false),
    thermoCouple: boolean('thermo_couple').notNull().default(false),
    insightReport: boolean('insight_report').notNull().default(false),
    door: boolean('door').notNull().default(false),
    lnlvl: boolean('lnlvl').notNull().default(false),
    lntmp: boolean('lntmp').notNull().default(false),
    water: boolean('water').notNull().default(false),
    adminEnable: boolean('admin_enable').notNull().default(true),
    enable: boolean('enable').notNull().default(true),
    /** 1 daily, 2 weekly, 3 monthly. */
    frequency: integer('frequency').notNull().default(1),
    duration: integer('duration').notNull().default(0),
    /** The timezone's UTC offset as the client sent it; the IANA `timezone` is authoritative. */
    offset: text('offset').notNull().default('+00:00'),
    timezone: text('timezone').notNull().default('Etc/UTC'),
    /** 0 CSV, 1 PDF. */
    format: integer('format').notNull().default(0),
    /** 0 oldest first, 1 latest first. */
    sortBy: integer('sort_by').notNull().default(1),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    nextRunAt: tstz('next_run_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('reports_account_idx').on(table.accountId, table.type)],
);

export const reportUsers = pgTable(
  'report_users',
  {
    reportId: uuid('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.reportId, table.userId] })],
);

export const reportDevices = pgTable(
  'report_devices',
  {
    reportId: uuid('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.reportId, table.deviceId] })],
);

/** One built report for one period; the unique key makes a run happen once. */
export const reportRuns = pgTable(
  'report_runs',
  {
    id: id(),
    reportId: uuid('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    periodStart: tstz('period_start').notNull(),
    periodEnd: tstz('period_end').notNull(),
    status: text('status', { enum: ['queued', 'building', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    filePath: text('file_path'),
    error: text('error'),
    manual: boolean('manual').notNull().default(false),
    createdAt: createdAt(),
    sentAt: tstz('sent_at'),
  },
  (table) => [
    uniqueIndex('report_runs_period_key')
      .on(table.reportId, table.periodStart)
      .where(sql`${table.manual} = false`),
    index('report_runs_report_idx').on(table.reportId, table.createdAt),
  ],
);
