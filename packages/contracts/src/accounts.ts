import { z } from 'zod';
import { data } from './common.js';
import { accountOfflineFrequencies, offlineMaxAlarms, temperatureUnits } from './constants.js';
import { messages } from './messages.js';

export const accountSettings = z.object({
  temperatureUnit: z.enum(temperatureUnits),
  voiceCall: z.boolean(),
});
export type AccountSettings = z.infer<typeof accountSettings>;
export const accountSettingsReply = data(accountSettings);
export const updateAccountSettingsBody = z.object({
  temperatureUnit: z.enum(temperatureUnits, { error: messages.temperatureUnitInvalid }),
});

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
  createdAt: z.iso.datetime(),
});
export type AccountSummary = z.infer<typeof accountSummary>;
export const accountListReply = data(z.array(accountSummary));
