import { bigint, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tstz, updatedAt } from './columns.js';
import { users } from './identity.js';
import { devices, gateways } from './inventory.js';

export const firmwareFiles = pgTable(
  'firmware_files',
  {
    id: id(),
    /** The multipart part it came in: loraFw, espFw or nextion. */
    kind: text('kind', { enum: ['loraFw', 'espFw', 'nextion'] }).notNull(),
    target: text('target', { enum: ['gateway', 'node'] }).notNull(),
    version: text('version').notNull(),
    filename: text('filename').notNull(),
    path: text('path').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [index('firmware_files_kind_idx').on(table.target, table.kind, table.createdAt)],
);

/** One OTA rollout to one gateway or node device, reported back on the gateway's status topic. */
export const firmwareUpdates = pgTable(
  'firmware_updates',
  {
    id: id(),
    firmwareId: uuid('firmware_id')
      .notNull()
      .references(() => firmwareFiles.id, { onDelete: 'cascade' }),
    gatewayId: uuid('gateway_id').references(() => gateways.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id').references(() => devices.id, { onDelete: 'cascade' }),
    /** main_LoRa, main_ota or nextion_main. */
    command: text('command').notNull(),
    status: text('status', {
      enum: ['sent', 'downloading', 'installing', 'done', 'failed'],
    })
      .notNull()
      .default('sent'),
    progress: integer('progress').notNull().default(0),
    error: text('error'),
    tokenHash: text('token_hash').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('firmware_updates_gateway_idx').on(table.gatewayId, table.createdAt)],
);
