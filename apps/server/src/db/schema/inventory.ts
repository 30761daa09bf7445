import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, tstz, updatedAt } from './columns.js';
import { accounts, users } from './identity.js';

export const gateways = pgTable(
  'gateways',
  {
    id: id(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** Hardware id, stored lower-case; unique platform-wide; the MQTT username. */
    gatewayId: text('gateway_id').notNull(),
    name: text('name').notNull(),
    loraFreq: text('lora_freq').notNull().default(''),
    /** argon2id hash of the gateway's MQTT secret. */
    secretHash: text('secret_hash'),
    /** The same secret sealed with GATEWAY_SECRETS_KEY (lib/sealed.ts), for the broker's account. */
    secretSealed: text('secret_sealed'),
    status: text('status', { enum: ['online', 'offline'] })
      .notNull()
      .default('offline'),
    lastSeenAt: tstz('last_seen_at'),
    esp32LastVersion: text('esp32_last_version'),
    esp32NewVersion: text('esp32_new_version'),
    loraLastVersion: text('lora_last_version'),
    loraNewVersion: text('lora_new_version'),
    nextionLastVersion: text('nextion_last_version'),
    nextionNewVersion: text('nextion_new_version'),
    loraMainStatus: text('lora_main_status'),
    mainOtaStatus: text('main_ota_status'),
    nextionStatus: text('nextion_status'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('gateways_gateway_id_key').on(table.gatewayId),
    index('gateways_account_idx').on(table.accountId),
  ],
);

export const locations = pgTable(
  'locations',
  {
    id: id(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('locations_account_idx').on(table.accountId)],
);

export const devices = pgTable(
  'devices',
  {
    id: id(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** Hardware address, stored lower-case; unique platform-wide. */
    deviceId: text('device_id').notNull(),
    name: text('name').notNull(),
    gatewayId: uuid('gateway_id').references(() => gateways.id, { onDelete: 'set null' }),
    locationId: uuid('location_id').references(() => locations.id, { onDelete: 'set null' }),
    equipmentType: text('equipment_type').notNull().default('N/A'),
    /** Active (true) or inactive equipment; inactive forces offline alerts off. */
    equipmentStatus: boolean('equipment_status').notNull().default(true),
    offlineAlarmEnable: boolean('offline_alarm_enable').notNull().default(true),
    /** Minutes between offline alarms; 0 = the account's setting. */
    offlineAlarmFrequency: integer('offline_alarm_frequency').notNull().default(0),
    /** Minutes without a reading before the first offline alert. */
    ttl: integer('ttl').notNull().default(60),
    spillSensor: boolean('spill_sensor').notNull().default(false),
    invertWaterSignal: boolean('invert_water_signal').notNull().default(false),
    timezone: text('timezone').notNull().default('Etc/UTC'),
    /** 1 full node, 2 lite node (battery + water); learned from readings. */
    nodeType: integer('node_type'),
    /** 'active' means online. */
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('inactive'),
    lastSeenAt: tstz('last_seen_at'),
    latestTs: tstz('latest_ts'),
    latestData: jsonb('latest_data'),
    /** Set when the device was taken out of its location (shown red on maps until relocated). */
    removedFromLocationAt: tstz('removed_from_location_at'),
    fvLastVersion: text('fv_last_version'),
    fvNewVersion: text('fv_new_version'),
    otaStatus: text('ota_status'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('devices_device_id_key').on(table.deviceId),
    index('devices_account_idx').on(table.accountId),
    index('devices_gateway_idx').on(table.gatewayId),
    index('devices_location_idx').on(table.locationId),
  ],
);

/** Which sub-users see which devices. */
export const deviceUsers = pgTable(
  'device_users',
  {
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.deviceId, table.userId] }),
    index('device_users_user_idx').on(table.userId),
  ],
);
