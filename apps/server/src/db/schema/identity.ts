import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt, id, tstz, updatedAt } from './columns.js';

/** A tenant: a laboratory, hospital or cold-chain operator. */
export const accounts = pgTable('accounts', {
  id: id(),
  companyName: text('company_name').notNull(),
  email: text('email').notNull(),
  countryCode: text('country_code').notNull().default('+44'),
  phoneNumber: text('phone_number').notNull().default(''),
  temperatureUnit: text('temperature_unit', { enum: ['C', 'F'] })
    .notNull()
    .default('C'),
  voiceCall: boolean('voice_call').notNull().default(false),
  /** SMS messages the account may send per day; 0 = none. */
  smsLimit: integer('sms_limit').notNull().default(100),
  alarmSensorName: text('alarm_sensor_name').notNull().default(''),
  /** Minutes an active alarm may stay unacknowledged before it escalates to the admins. */
  escalationMinutes: integer('escalation_minutes').notNull().default(60),
  status: text('status', { enum: ['active', 'disabled'] })
    .notNull()
    .default('active'),
  disabledAt: tstz('disabled_at'),
  /** When a disabled account's data is purged by the worker. */
  purgeAfter: tstz('purge_after'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const users = pgTable(
  'users',
  {
    id: id(),
    /** Null only for platform administrators (super_admin). */
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    /** The person who created this user (the parent of a sub-user). */
    parentId: uuid('parent_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** Stored lower-case; unique platform-wide. */
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    role: text('role', { enum: ['super_admin', 'super_user', 'user'] }).notNull(),
    countryCode: text('country_code').notNull().default('+44'),
    phoneNumber: text('phone_number').notNull().default(''),
    /** The linked door-lock user id ("linked door"); empty when none. */
    usr: text('usr').notNull().default(''),
    language: text('language', { enum: ['en', 'pl', 'de'] })
      .notNull()
      .default('en'),
    isActivated: boolean('is_activated').notNull().default(false),
    emailConfirmedAt: tstz('email_confirmed_at'),
    /** DESIGN 8: a per-user camera page link, shown as the video link. */
    cameraUrl: text('camera_url'),
    /** Dashboard grid layouts, card visibility and lock flag (issue: dashboard). */
    dashboardPrefs: jsonb('dashboard_prefs'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('users_email_key').on(table.email),
    index('users_account_idx').on(table.accountId),
    index('users_parent_idx').on(table.parentId),
    check(
      'users_account_by_role',
      sql`(${table.role} = 'super_admin') = (${table.accountId} is null)`,
    ),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    expiresAt: tstz('expires_at').notNull(),
    revokedAt: tstz('revoked_at'),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

/** Single-use, expiring tokens for email confirmation, password reset and invitations. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['confirm', 'reset', 'invite'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('user_tokens_hash_key').on(table.tokenHash)],
);

/**
 * Failed password checks per subject and client (`<email>|<client>`, `unlock:<user>|<client>`;
 * modules/auth/throttle.ts), shared by every API process. The column kept its first name.
 */
export const loginThrottle = pgTable('login_throttle', {
  key: text('email').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: tstz('window_started_at').notNull().defaultNow(),
  lockedUntil: tstz('locked_until'),
});

/** Only the hash of a key is stored; the key itself is shown once when created. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    keyHash: text('key_hash').notNull(),
    prefix: text('prefix').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    revokedAt: tstz('revoked_at'),
    lastUsedAt: tstz('last_used_at'),
  },
  (table) => [
    uniqueIndex('api_keys_hash_key').on(table.keyHash),
    index('api_keys_account_idx').on(table.accountId),
  ],
);

export const offlineAlarmSettings = pgTable('offline_alarm_settings', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  offlineAlarmEnable: boolean('offline_alarm_enable').notNull().default(false),
  /** 1 when one-time, 24 when repeating. */
  maxAlarms: integer('max_alarms').notNull().default(24),
  /** Minutes between repeated offline alarms. */
  alarmFrequency: integer('alarm_frequency').notNull().default(60),
  updatedAt: updatedAt(),
});
