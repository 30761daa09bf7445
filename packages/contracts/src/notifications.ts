import { z } from 'zod';
import { data, isoDateTime, pagedList, pageQuery, trimmed, uuid } from './common.js';
import { languages } from './constants.js';
import { messages } from './messages.js';

/** Spec platform 9: the message types and methods a template relation is chosen for. */
export const messageTypes = [
  'HUMIDITY',
  'TEMPERATURE',
  'CO2',
  'PRESSURE',
  'WATER',
  'BATTERY',
  'DEVICE_OFFLINE',
] as const;
export type MessageType = (typeof messageTypes)[number];
export const messageMethods = ['SMS', 'EMAIL'] as const;
export type MessageMethod = (typeof messageMethods)[number];

/**
 * The placeholders a template may use, written `{{name}}` (spec monitoring 3). Unknown
 * placeholders stay as typed, so a typo shows in the message instead of vanishing.
 */
export const templatePlaceholders = [
  'alarmName',
  'alarmMin',
  'alarmMax',
  'alarmMinHumidity',
  'alarmMaxHumidity',
  'alarmMinTemp',
  'alarmMaxTemp',
  'alarmMinCarbon',
  'alarmMaxCarbon',
  'alarmMinPressure',
  'alarmMaxPressure',
  'graphText',
  'graphUrl',
  'deviceName',
  'deviceId',
  'deviceUniqueNumber',
  'locationName',
  'incomingValue',
  'event',
] as const;
export type TemplatePlaceholder = (typeof templatePlaceholders)[number];

export const messageTemplate = z.object({
  id: z.uuid(),
  /** Null for a platform default template. */
  accountId: z.uuid().nullable(),
  title: z.string(),
  template: z.string(),
  language: z.enum(languages),
  /** Platform defaults are the fallback of every user; they cannot be deleted. */
  isDefault: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type MessageTemplate = z.infer<typeof messageTemplate>;

export const messageTemplateBody = z.object({
  title: trimmed().min(1, messages.templateTitleRequired).max(100),
  template: trimmed().min(1, messages.templateTextRequired).max(2000),
  language: z.enum(languages).default('en'),
});
export type MessageTemplateBody = z.input<typeof messageTemplateBody>;
export const messageTemplateListQuery = pageQuery.extend({
  /** super_admin: only this account's templates (and the platform's). */
  accountId: uuid.optional(),
});
export const messageTemplateListReply = pagedList(messageTemplate);
export const messageTemplateReply = data(messageTemplate);

export const messageTemplateRelation = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  templateId: z.uuid(),
  templateTitle: z.string(),
  type: z.enum(messageTypes),
  method: z.enum(messageMethods),
  createdAt: z.iso.datetime(),
});
export type MessageTemplateRelation = z.infer<typeof messageTemplateRelation>;
export const messageTemplateRelationBody = z.object({
  userId: z.uuid({ error: messages.userRequired }),
  templateId: z.uuid({ error: messages.templateRequired }),
  type: z.enum(messageTypes, { error: messages.messageTypeRequired }),
  method: z.enum(messageMethods, { error: messages.messageMethodRequired }),
});
export type MessageTemplateRelationBody = z.input<typeof messageTemplateRelationBody>;
export const messageTemplateRelationQuery = z.object({ userId: uuid.optional() });
export const messageTemplateRelationListReply = data(z.array(messageTemplateRelation));
export const messageTemplateRelationReply = data(messageTemplateRelation);

const optionalText = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((value) => (value ? value : undefined));

/** Spec platform 7: the notification log's filters; `isSms` -1 (or absent) = both kinds. */
export const notificationQuery = pageQuery.extend({
  email: optionalText,
  phone: optionalText,
  text: optionalText,
  isSms: z.coerce
    .number()
    .int()
    .refine((value) => value === -1 || value === 0 || value === 1)
    .default(-1),
  startDate: isoDateTime.optional(),
  endDate: isoDateTime.optional(),
  accountId: uuid.optional(),
});
export type NotificationQuery = z.input<typeof notificationQuery>;

export const notificationChannels = ['email', 'sms', 'voice', 'webhook'] as const;
export const notificationStatuses = ['queued', 'sent', 'failed', 'skipped'] as const;

export const notification = z.object({
  id: z.uuid(),
  accountId: z.uuid().nullable(),
  channel: z.enum(notificationChannels),
  email: z.string(),
  phone: z.string(),
  text: z.string(),
  isSms: z.boolean(),
  status: z.enum(notificationStatuses),
  /** Why it was skipped or failed, e.g. 'SMS limit reached'. */
  reason: z.string().nullable(),
  createdAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
});
export type Notification = z.infer<typeof notification>;
export const notificationListReply = pagedList(notification);

/** One day (UTC) of one account: how many messages were sent. */
export const notificationStatistic = z.object({
  date: z.string(),
  accountId: z.uuid().nullable(),
  companyName: z.string(),
  count: z.number().int(),
});
export type NotificationStatistic = z.infer<typeof notificationStatistic>;
export const notificationStatisticsReply = pagedList(notificationStatistic);

export const smsLimitBody = z.object({
  accountId: z.uuid({ error: messages.accountRequired }),
  smsLimit: z.coerce
    .number({ error: messages.smsLimitInvalid })
    .int(messages.smsLimitInvalid)
    .min(0, messages.smsLimitInvalid)
    .max(100_000, messages.smsLimitInvalid),
});
export type SmsLimitBody = z.input<typeof smsLimitBody>;
export const smsLimitReply = data(z.object({ accountId: z.uuid(), smsLimit: z.number().int() }));

/** The account's webhook; the secret is shown only when created or rotated. */
export const webhookView = z.object({
  url: z.string(),
  enable: z.boolean(),
  secret: z.string().nullable(),
  secretHint: z.string(),
  updatedAt: z.iso.datetime(),
});
export type WebhookView = z.infer<typeof webhookView>;
export const webhookReply = data(webhookView.nullable());
export const webhookBody = z.object({
  url: z
    .url({ protocol: /^https?$/, error: messages.webhookUrlInvalid })
    .max(500, messages.webhookUrlInvalid),
  enable: z.boolean(),
  rotateSecret: z.boolean().default(false),
});
export type WebhookBody = z.input<typeof webhookBody>;
