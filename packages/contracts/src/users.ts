import { z } from 'zod';
import { data, pagedList, pageQuery } from './common.js';
import { languages, roles, temperatureUnits } from './constants.js';
import { countryCodeField, emailField, personNameField, phoneNumberField } from './fields.js';
import { messages } from './messages.js';

export const user = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  countryCode: z.string(),
  phoneNumber: z.string(),
  usr: z.string(),
  role: z.enum(roles),
  isActivated: z.boolean(),
  accountId: z.uuid().nullable(),
  companyName: z.string().nullable(),
  parentId: z.uuid().nullable(),
  createdAt: z.iso.datetime(),
});
export type User = z.infer<typeof user>;

export const userListQuery = pageQuery.extend({
  searchString: z.string().trim().max(100).optional(),
});
export const userListReply = pagedList(user);

/** `usr` is the linked door-lock user id; empty means none. */
const usrField = () => z.string().trim().max(64).default('');

export const addUserBody = z.object({
  name: personNameField(),
  email: emailField(),
  countryCode: countryCodeField(),
  phoneNumber: phoneNumberField('phoneRequiredServer'),
  usr: usrField(),
  role: z.enum(['user', 'super_user'], { error: messages.roleNotAllowed }).default('user'),
  /** Only a super_admin names the account; everyone else adds to their own. */
  accountId: z.uuid({ error: messages.accountRequired }).optional(),
  language: z.enum(languages).default('en'),
});
export type AddUserBody = z.input<typeof addUserBody>;

export const updateUserBody = z.object({
  name: personNameField(),
  email: emailField().optional(),
  countryCode: countryCodeField(),
  phoneNumber: phoneNumberField('phoneRequiredServer'),
  usr: usrField(),
  language: z.enum(languages).optional(),
});
export type UpdateUserBody = z.input<typeof updateUserBody>;

export const userReply = data(user);

export const userIdsReply = data(
  z.array(z.object({ id: z.uuid(), name: z.string(), email: z.string(), role: z.enum(roles) })),
);

export const subUsersQuery = z.object({
  parentId: z.uuid({ error: messages.notFound }).optional(),
});
export const subUser = user.pick({
  id: true,
  name: true,
  email: true,
  countryCode: true,
  phoneNumber: true,
  createdAt: true,
});
export const subUsersReply = data(z.array(subUser));

export const userMetadata = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: z.enum(roles),
  language: z.enum(languages),
  accountId: z.uuid().nullable(),
  companyName: z.string().nullable(),
  temperatureUnit: z.enum(temperatureUnits),
  voiceCall: z.boolean(),
  cameraUrl: z.string().nullable(),
  /** The alarm sound is muted for this person, in every browser. */
  alarmSoundMuted: z.boolean(),
});
export type UserMetadata = z.infer<typeof userMetadata>;
export const userMetadataReply = data(userMetadata);

export const accountMetadata = z.object({
  account: z
    .object({
      id: z.uuid(),
      companyName: z.string(),
      email: z.string(),
      createdAt: z.iso.datetime(),
    })
    .nullable(),
  gatewayCount: z.number().int(),
  deviceCount: z.number().int(),
  totalOfflineDevices: z.number().int(),
  totalOfflineGateway: z.number().int(),
});
export type AccountMetadata = z.infer<typeof accountMetadata>;
export const accountMetadataReply = data(accountMetadata);

export const updateProfileBody = z.object({ language: z.enum(languages) });
/** `PUT /api/user/preferences`: what the person chose for themselves, kept on the server. */
export const userPreferencesBody = z.object({ alarmSoundMuted: z.boolean() });
