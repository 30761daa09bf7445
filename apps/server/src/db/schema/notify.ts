import { boolean, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tstz, updatedAt } from './columns.js';
import { accounts, users } from './identity.js';
import { alarmEvents } from './alarms.js';

/** Every message the platform sent or tried to send: the notification log. */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    alarmEventId: uuid('alarm_event_id').references(() => alarmEvents.id, { onDelete: 'set null' }),
    channel: text('channel', { enum: ['email', 'sms', 'voice', 'webhook'] }).notNull(),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    text: text('text').notNull(),
    isSms: boolean('is_sms').notNull().default(false),
    status: text('status', { enum: ['queued', 'sent', 'failed', 'skipped'] })
      .notNull()
      .default('queued'),
    /** Why it failed or was skipped (e.g. the SMS limit). */
    reason: text('reason'),
    providerId: text('provider_id'),
    createdAt: createdAt(),
    sentAt: tstz('sent_at'),
  },
  (table) => [
    index('notifications_account_idx').on(table.accountId, table.createdAt),
    index('notifications_created_idx').on(table.createdAt),
  ],
);

/** Title + text with placeholders; account_id null = a platform default template. */
export const messageTemplates = pgTable(
  'message_templates',
  {
    id: id(),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    template: text('template').notNull(),
    language: text('language', { enum: ['en', 'pl', 'de'] })
      .notNull()
      .default('en'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('message_templates_account_idx').on(table.accountId)],
);

/** Which template a user receives for a message type (HUMIDITY, ...) by a method (SMS, EMAIL). */
export const messageTemplateRelations = pgTable(
  'message_template_relations',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    templateId: uuid('template_id')
      .notNull()
      .references(() => messageTemplates.id, { onDelete: 'cascade' }),
    type: text('type', {
      enum: ['HUMIDITY', 'TEMPERATURE', 'CO2', 'PRESSURE', 'WATER', 'BATTERY', 'DEVICE_OFFLINE'],
    }).notNull(),
    method: text('method', { enum: ['SMS', 'EMAIL'] }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('message_template_relations_key').on(table.userId, table.type, table.method),
  ],
);

/** An account's webhook endpoint; payloads are signed with HMAC-SHA256 of `secret`. */
export const webhooks = pgTable(
  'webhooks',
  {
    id: id(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    secret: text('secret').notNull(),
    enable: boolean('enable').notNull().default(true),
    events: jsonb('events').notNull().default(['alarm']),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('webhooks_account_idx').on(table.accountId)],
);
