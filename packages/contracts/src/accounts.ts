import { z } from 'zod';
import { data } from './common.js';
import { accountOfflineFrequencies, offlineMaxAlarms, temperatureUnits } from './constants.js';
import { messages } from './messages.js';

/**
 * How long an alarm event may stay unacknowledged before the account's admins are told:
 * 0 never escalates, otherwise 15 minutes to a day.
 */
export const escalationMinutesRange = { never: 0, min: 15, max: 1440 } as const;
/** The choices the settings form offers, all within `escalationMinutesRange`. */
export const escalationMinutesChoices = [0, 15, 30, 60, 120, 240, 480, 1440] as const;

const escalationMinutesField = z
  .number({ error: messages.escalationMinutesInvalid })
  .int({ error: messages.escalationMinutesInvalid })
  .refine(
    (minutes) =>
      minutes === escalationMinutesRange.never ||
      (minutes >= escalationMinutesRange.min && minutes <= escalationMinutesRange.max),
    { error: messages.escalationMinutesInvalid },
  );

export const accountSettings = z.object({
  temperatureUnit: z.enum(temperatureUnits),
  voiceCall: z.boolean(),
  /** Minutes unacknowledged before escalation to the account's admins; 0 = never. */
  escalationMinutes: z.number().int(),
});
export type AccountSettings = z.infer<typeof accountSettings>;
export const accountSettingsReply = data(accountSettings);
/** Either setting or both; a body with neither is refused as a missing temperature unit. */
export const updateAccountSettingsBody = z
  .object({
    temperatureUnit: z
      .enum(temperatureUnits, { error: messages.temperatureUnitInvalid })
      .optional(),
    escalationMinutes: escalationMinutesField.optional(),
  })
  .refine((body) => body.temperatureUnit !== undefined || body.escalationMinutes !== undefined, {
    error: messages.temperatureUnitInvalid,
    path: ['temperatureUnit'],
  });
export type UpdateAccountSettings = z.infer<typeof updateAccountSettingsBody>;

export const apiKeyView = z.object({
  /** The full key on create only; afterwards only its prefix with the rest masked. */
  apiKey: z.string().nullable(),
  createdAt: z.iso.datetime().nullable(),
});
export type ApiKeyView = z.infer<typeof apiKeyView>;
export const apiKeyReply = data(apiKeyView);

export const offlineAlarmSettings = z.object({
  offlineAlarmEnable: z.union([z.literal(0), z.literal(1)]),
  maxAlarms: z.union([z.literal(offlineMaxAlarms.oneTime), z.literal(offlineMaxAlarms.repeating)]),
  alarmFrequency: z.union(
    accountOfflineFrequencies.map((minutes) => z.literal(minutes)),
    { error: messages.offlineFrequencyInvalid },
  ),
});
export type OfflineAlarmSettings = z.infer<typeof offlineAlarmSettings>;
export const offlineAlarmSettingsReply = data(offlineAlarmSettings);

/** An account as the platform administrator lists it. */
export const accountSummary = z.object({
  id: z.uuid(),
  companyName: z.string(),
  email: z.string(),
  offlineAlarmEnable: z.union([z.literal(0), z.literal(1)]),
  alarmSensorName: z.string(),
  voiceCall: z.boolean(),
  smsLimit: z.number().int(),
  status: z.enum(['active', 'disabled']),
  /** A deleted account is disabled at once and purged after this time; null while active. */
  purgeAfter: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type AccountSummary = z.infer<typeof accountSummary>;
export const accountListReply = data(z.array(accountSummary));

/** `PATCH /api/account/voiceCall/{id}` (editVoiceCall). */
export const voiceCallBody = z.object({ voiceCall: z.boolean() });
export const voiceCallReply = data(z.object({ id: z.uuid(), voiceCall: z.boolean() }));

/** `DELETE /api/account/deleteAccount/{id}`: the account is disabled now and purged later. */
export const deletedAccount = z.object({
  id: z.uuid(),
  status: z.literal('disabled'),
  disabledAt: z.iso.datetime(),
  purgeAfter: z.iso.datetime(),
});
export type DeletedAccount = z.infer<typeof deletedAccount>;
export const deleteAccountReply = data(deletedAccount);

/** One gateway of an account, as showAssociatedGateways lists it. */
export const associatedGateway = z.object({
  id: z.uuid(),
  gatewayId: z.string(),
  name: z.string(),
  status: z.enum(['online', 'offline']),
  lastSeenAt: z.iso.datetime().nullable(),
  deviceCount: z.number().int(),
  createdAt: z.iso.datetime(),
});
export type AssociatedGateway = z.infer<typeof associatedGateway>;
export const associatedGatewaysReply = data(z.array(associatedGateway));
