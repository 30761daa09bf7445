import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt, id, tstz, updatedAt } from './columns.js';
import { accounts, users } from './identity.js';
import { devices } from './inventory.js';

/**
 * The thresholds shared by alert profiles and device alarms. Temperatures are Celsius;
 * a metric is checked only when its `...Enabled` flag is on.
 */
const thresholdColumns = () => ({
  tempEnabled: boolean('temp_enabled').notNull().default(false),
  minTemp: real('min_temp'),
  maxTemp: real('max_temp'),
  shtTEnabled: boolean('sht_t_enabled').notNull().default(false),
  minShtT: real('min_sht_t'),
  maxShtT: real('max_sht_t'),
  humidityEnabled: boolean('humidity_enabled').notNull().default(false),
  minHumidity: real('min_humidity'),
  maxHumidity: real('max_humidity'),
  carbonEnabled: boolean('carbon_enabled').notNull().default(false),
  minCarbon: real('min_carbon'),
  maxCarbon: real('max_carbon'),
  pressureEnabled: boolean('pressure_enabled').notNull().default(false),
  minPressure: real('min_pressure'),
  maxPressure: real('max_pressure'),
  lntmpEnabled: boolean('lntmp_enabled').notNull().default(false),
  minLntmp: real('min_lntmp'),
  maxLntmp: real('max_lntmp'),
  ln2LevelEnabled: boolean('ln2_level_enabled').notNull().default(false),
  minLn2Level: real('min_ln2_level'),
  maxLn2Level: real('max_ln2_level'),
  waterEnabled: boolean('water_enabled').notNull().default(false),
  batteryEnabled: boolean('battery_enabled').notNull().default(false),
  minBattery: real('min_battery'),
  doorEnabled: boolean('door_enabled').notNull().default(false),
  /** Minutes a door may stay open before it alarms. */
  doorOpenMinutes: integer('door_open_minutes'),
  /** Seconds out of range before raising. */
  delay: integer('delay').notNull().default(0),
  /** Minutes between repeated notifications while active. */
  frequency: integer('frequency').notNull().default(15),
  oneTime: boolean('one_time').notNull().default(false),
  timezone: text('timezone').notNull().default('Etc/UTC'),
  enable: boolean('enable').notNull().default(true),
  adminEnable: boolean('admin_enable').notNull().default(false),
  emailEnable: boolean('email_enable').notNull().default(true),
  textEnable: boolean('text_enable').notNull().default(false),
  callEnable: boolean('call_enable').notNull().default(false),
});

export const alertProfiles = pgTable(
  'alert_profiles',
  {
    id: id(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    ...thresholdColumns(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('alert_profiles_account_idx').on(table.accountId)],
);

export const alarms = pgTable(
  'alarms',
  {
    id: id(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    /** Set when the alarm was applied from an alert profile; such alarms are edited through it. */
    profileId: uuid('profile_id').references(() => alertProfiles.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['threshold', 'light'] })
      .notNull()
      .default('threshold'),
    name: text('name').notNull(),
    ...thresholdColumns(),
    /** Light profile: lux range and the weekly schedule of two windows a day. */
    minLux: real('min_lux'),
    maxLux: real('max_lux'),
    lightSchedule: jsonb('light_schedule'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByRole: text('created_by_role', { enum: ['super_admin', 'super_user', 'user'] }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('alarms_account_idx').on(table.accountId),
    index('alarms_device_idx').on(table.deviceId),
    index('alarms_profile_idx').on(table.profileId),
  ],
);

/** Recipients of an alarm or a profile: an account user, or a contact added by email/phone. */
export const alarmUsers = pgTable(
  'alarm_users',
  {
    id: id(),
    alarmId: uuid('alarm_id').references(() => alarms.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id').references(() => alertProfiles.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull().default(''),
    countryCode: text('country_code').notNull().default('+44'),
    phoneNumber: text('phone_number').notNull().default(''),
    createdAt: createdAt(),
  },
  (table) => [
    index('alarm_users_alarm_idx').on(table.alarmId),
    index('alarm_users_profile_idx').on(table.profileId),
  ],
);

/** One excursion: raised, notified, acknowledged, cleared. */
export const alarmEvents = pgTable(
  'alarm_events',
  {
    id: id(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    alarmId: uuid('alarm_id').references(() => alarms.id, { onDelete: 'set null' }),
    /** temperature, humidity, co2, thermocouple, pressure, ln2_temperature, ln2_level, water, battery, door, light, offline */
    type: text('type').notNull(),
    value: real('value'),
    /**
     * The value farthest outside [min, max] while it lasted (the raising value at first): the
     * excursion's worst, which a lab reports. Kept by the alarm engine as readings arrive.
     */
    peakValue: real('peak_value'),
    min: real('min'),
    max: real('max'),
    /** The reading that caused it (device + ts identify it in `readings`). */
    readingTs: tstz('reading_ts'),
    outOfRangeSince: tstz('out_of_range_since'),
    raisedAt: tstz('raised_at').notNull(),
    notifiedCount: integer('notified_count').notNull().default(0),
    lastNotifiedAt: tstz('last_notified_at'),
    clearedAt: tstz('cleared_at'),
    acknowledgedAt: tstz('acknowledged_at'),
    acknowledgedBy: uuid('acknowledged_by').references(() => users.id, { onDelete: 'set null' }),
    /** The meaning of the acknowledging signature (contracts `signatureMeanings`). */
    acknowledgedMeaning: text('acknowledged_meaning'),
    escalatedAt: tstz('escalated_at'),
    createdAt: createdAt(),
  },
  (table) => [
    index('alarm_events_account_idx').on(table.accountId, table.raisedAt),
    index('alarm_events_device_idx').on(table.deviceId, table.raisedAt),
    // The alarms that need someone (still out of range, or not yet acknowledged): the top bar's
    // counts and lists read only these, however long the account's history.
    index('alarm_events_attention_idx')
      .on(table.accountId, table.raisedAt)
      .where(sql`${table.clearedAt} is null or ${table.acknowledgedAt} is null`),
    // One open event per alarm and type: a redelivered reading cannot raise it twice.
    uniqueIndex('alarm_events_open_key')
      .on(table.deviceId, table.alarmId, table.type)
      .where(sql`${table.clearedAt} is null`),
  ],
);

export const comments = pgTable(
  'comments',
  {
    id: id(),
    alarmEventId: uuid('alarm_event_id')
      .notNull()
      .references((): AnyPgColumn => alarmEvents.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    comment: text('comment').notNull(),
    /** True for the comment given with an acknowledgement (an electronic signature). */
    isAcknowledgement: boolean('is_acknowledgement').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [index('comments_event_idx').on(table.alarmEventId)],
);

export const favouriteComments = pgTable(
  'favourite_comments',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('favourite_comments_user_message_key').on(table.userId, table.message)],
);

/**
 * The alarm engine's memory per (alarm, metric type), so that a restart loses nothing: the
 * newest reading it evaluated (late readings change nothing), the start of an excursion still
 * inside its delay, and when it last notified a raise (flapping). Whether an event is open is
 * the `alarm_events` row without `cleared_at`.
 */
export const alarmConditions = pgTable(
  'alarm_conditions',
  {
    alarmId: uuid('alarm_id')
      .notNull()
      .references(() => alarms.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    lastReadingTs: tstz('last_reading_ts').notNull(),
    pendingSince: tstz('pending_since'),
    lastNotifiedRaiseTs: tstz('last_notified_raise_ts'),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.alarmId, table.type] }),
    index('alarm_conditions_device_idx').on(table.deviceId),
    index('alarm_conditions_pending_idx')
      .on(table.pendingSince)
      .where(sql`${table.pendingSince} is not null`),
  ],
);
