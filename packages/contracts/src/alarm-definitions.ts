import { z } from 'zod';
import { data, pagination, uuid } from './common.js';
import { countryCodes, roles } from './constants.js';
import { requiredText } from './fields.js';
import { timezoneField } from './inventory.js';
import { lightSchedule, luxRange } from './light-schedule.js';
import { messages, type MessageCode } from './messages.js';

/**
 * Alarm definitions: device alarms, alert profiles and light alarms (spec monitoring 3, 5, 9).
 * The API stores and speaks Celsius for every temperature (temp, thermocouple, liquid
 * temperature); the web converts to and from the account's unit at the edge (F = 1.8C + 32).
 */

/** Spec monitoring 9: delay options in minutes, sent in seconds (x60). */
export const alarmDelayMinutes = [0, 5, 10, 15, 20, 30, 40, 50, 60] as const;
export const alarmDelaySeconds = alarmDelayMinutes.map((minutes) => minutes * 60);
/** Spec monitoring 9: re-notification frequency options in minutes. */
export const alarmFrequencies = [15, 30, 45, 60, 75, 90, 105, 120] as const;
export const alarmDefaults = {
  delay: 0,
  frequency: 15,
  oneTime: false,
  timezone: 'Etc/UTC',
} as const;
export const alarmNameLength = { min: 2, max: 30 } as const;

/** The thresholds of an alarm or profile: enabled flag, min and max field, and bounds. */
export const alarmMetrics = [
  { key: 'temp', enabled: 'tempEnabled', min: 'minTemp', max: 'maxTemp', low: -200, high: 200 },
  {
    key: 'shtT',
    enabled: 'shtTEnabled',
    min: 'minShtT',
    max: 'maxShtT',
    low: -200,
    high: 200,
  },
  {
    key: 'humidity',
    enabled: 'humidityEnabled',
    min: 'minHumidity',
    max: 'maxHumidity',
    low: 0,
    high: 100,
  },
  {
    key: 'carbon',
    enabled: 'carbonEnabled',
    min: 'minCarbon',
    max: 'maxCarbon',
    low: 0,
    high: 20,
  },
  {
    key: 'pressure',
    enabled: 'pressureEnabled',
    min: 'minPressure',
    max: 'maxPressure',
    low: -3000,
    high: 3000,
  },
  {
    key: 'lntmp',
    enabled: 'lntmpEnabled',
    min: 'minLntmp',
    max: 'maxLntmp',
    low: -200,
    high: 200,
  },
  {
    key: 'ln2Level',
    enabled: 'ln2LevelEnabled',
    min: 'minLn2Level',
    max: 'maxLn2Level',
    low: 0,
    high: 100,
  },
] as const;
export type AlarmMetric = (typeof alarmMetrics)[number];
export type AlarmMetricKey = AlarmMetric['key'];
/** Metrics whose values are temperatures (Celsius on the API). */
export const temperatureMetrics: readonly AlarmMetricKey[] = ['temp', 'shtT', 'lntmp'];

const bound = z.number({ error: messages.alarmRangeRequired }).nullable().optional();

const thresholdFields = {
  tempEnabled: z.boolean().default(false),
  minTemp: bound,
  maxTemp: bound,
  shtTEnabled: z.boolean().default(false),
  minShtT: bound,
  maxShtT: bound,
  humidityEnabled: z.boolean().default(false),
  minHumidity: bound,
  maxHumidity: bound,
  carbonEnabled: z.boolean().default(false),
  minCarbon: bound,
  maxCarbon: bound,
  pressureEnabled: z.boolean().default(false),
  minPressure: bound,
  maxPressure: bound,
  lntmpEnabled: z.boolean().default(false),
  minLntmp: bound,
  maxLntmp: bound,
  ln2LevelEnabled: z.boolean().default(false),
  minLn2Level: bound,
  maxLn2Level: bound,
  waterEnabled: z.boolean().default(false),
};

/** A recipient: an account user (userId) or a contact added by email and phone. */
export const alarmRecipientInput = z.object({
  userId: uuid.optional(),
  email: z.string().trim().toLowerCase().default(''),
  countryCode: z.enum(countryCodes, { error: messages.countryCodeInvalid }).default('+44'),
  phoneNumber: z
    .string()
    .transform((value) => value.replace(/[\s()-]/g, ''))
    .default(''),
});
export type AlarmRecipientInput = z.input<typeof alarmRecipientInput>;

const nameField = (code: 'alarm' | 'profile') =>
  requiredText(code === 'alarm' ? 'alarmNameRequired' : 'profileNameRequired')
    .min(alarmNameLength.min, {
      error: messages[code === 'alarm' ? 'alarmNameTooShort' : 'profileNameTooShort'],
    })
    .max(alarmNameLength.max, {
      error: messages[code === 'alarm' ? 'alarmNameTooLong' : 'profileNameTooLong'],
    });

const delayField = z
  .number({ error: messages.alarmDelayInvalid })
  .int({ error: messages.alarmDelayInvalid })
  .refine((value) => alarmDelaySeconds.includes(value), { error: messages.alarmDelayInvalid })
  .default(alarmDefaults.delay);
const frequencyField = z
  .number({ error: messages.alarmFrequencyInvalid })
  .refine((value) => (alarmFrequencies as readonly number[]).includes(value), {
    error: messages.alarmFrequencyInvalid,
  })
  .default(alarmDefaults.frequency);

const deliveryFields = {
  users: z.array(alarmRecipientInput).max(50).default([]),
  delay: delayField,
  frequency: frequencyField,
  one_time: z.boolean().default(alarmDefaults.oneTime),
  timezone: timezoneField().default(alarmDefaults.timezone),
  adminEnable: z.boolean().default(false),
  enable: z.boolean().default(true),
  emailEnable: z.boolean().default(true),
  callEnable: z.boolean().default(false),
};

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Issue = { code: MessageCode; path: (string | number)[] };

/** Recipients: contacts need a valid email and phone; no one twice; someone unless notify admin. */
export function recipientIssues(
  users: z.output<typeof alarmRecipientInput>[],
  adminEnable: boolean,
): Issue[] {
  const issues: Issue[] = [];
  if (!adminEnable && users.length === 0)
    issues.push({ code: 'alarmRecipientRequired', path: ['users'] });
  const seen = new Set<string>();
  users.forEach((user, index) => {
    if (user.userId === undefined) {
      if (!emailPattern.test(user.email) || !/^\d{4,15}$/.test(user.phoneNumber))
        issues.push({ code: 'alarmUserInvalid', path: ['users', index] });
    }
    const keys = [user.userId, user.email === '' ? undefined : user.email].filter(
      (key): key is string => key !== undefined,
    );
    if (keys.some((key) => seen.has(key)))
      issues.push({ code: 'alarmUserDuplicate', path: ['users', index] });
    for (const key of keys) seen.add(key);
  });
  return issues;
}

type Thresholds = z.output<z.ZodObject<typeof thresholdFields>>;

/** Every enabled range needs both bounds, inside the metric's limits, and min <= max. */
export function rangeIssues(values: Thresholds): Issue[] {
  const issues: Issue[] = [];
  for (const metric of alarmMetrics) {
    if (!values[metric.enabled]) continue;
    const min = values[metric.min];
    const max = values[metric.max];
    if (min === null || min === undefined || max === null || max === undefined) {
      issues.push({ code: 'alarmRangeRequired', path: [min == null ? metric.min : metric.max] });
      continue;
    }
    for (const [field, value] of [
      [metric.min, min],
      [metric.max, max],
    ] as const) {
      if (value < metric.low || value > metric.high)
        issues.push({ code: 'alarmRangeOutOfBounds', path: [field] });
    }
    if (min > max) issues.push({ code: 'alarmRangeOrder', path: [metric.max] });
  }
  return issues;
}

function report(ctx: z.core.$RefinementCtx, issues: Issue[]) {
  for (const issue of issues)
    ctx.addIssue({ code: 'custom', message: messages[issue.code], path: issue.path });
}

const deviceAlarmFields = z.object({
  name: nameField('alarm'),
  ...thresholdFields,
  ...deliveryFields,
  textEnable: z.boolean().default(false),
});

/** `POST /api/alarms/setAlarm`: a device alarm; temperatures in Celsius, delay in seconds. */
export const deviceAlarmBody = deviceAlarmFields
  .extend({ deviceId: uuid })
  .superRefine((value, ctx) => {
    report(ctx, [...rangeIssues(value), ...recipientIssues(value.users, value.adminEnable)]);
  });
export type DeviceAlarmBody = z.input<typeof deviceAlarmBody>;
/** `PUT /api/alarms/{id}`: the same fields; the device stays the alarm's own. */
export const deviceAlarmUpdateBody = deviceAlarmFields.superRefine((value, ctx) => {
  report(ctx, [...rangeIssues(value), ...recipientIssues(value.users, value.adminEnable)]);
});

export const alarmRecipient = z.object({
  id: z.uuid(),
  userId: z.uuid().nullable(),
  name: z.string().nullable(),
  email: z.string(),
  countryCode: z.string(),
  phoneNumber: z.string(),
});
export type AlarmRecipient = z.infer<typeof alarmRecipient>;

const thresholdReply = {
  tempEnabled: z.boolean(),
  minTemp: z.number().nullable(),
  maxTemp: z.number().nullable(),
  shtTEnabled: z.boolean(),
  minShtT: z.number().nullable(),
  maxShtT: z.number().nullable(),
  humidityEnabled: z.boolean(),
  minHumidity: z.number().nullable(),
  maxHumidity: z.number().nullable(),
  carbonEnabled: z.boolean(),
  minCarbon: z.number().nullable(),
  maxCarbon: z.number().nullable(),
  pressureEnabled: z.boolean(),
  minPressure: z.number().nullable(),
  maxPressure: z.number().nullable(),
  lntmpEnabled: z.boolean(),
  minLntmp: z.number().nullable(),
  maxLntmp: z.number().nullable(),
  ln2LevelEnabled: z.boolean(),
  minLn2Level: z.number().nullable(),
  maxLn2Level: z.number().nullable(),
  waterEnabled: z.boolean(),
};

const deliveryReply = {
  alarmUsers: z.array(alarmRecipient),
  delay: z.number().int(),
  frequency: z.number().int(),
  oneTime: z.boolean(),
  timezone: z.string(),
  adminEnable: z.boolean(),
  enable: z.boolean(),
  emailEnable: z.boolean(),
  textEnable: z.boolean(),
  callEnable: z.boolean(),
};

/** A device alarm as read back (spec monitoring 3: device alarm and alarm list item). */
export const deviceAlarm = z.object({
  id: z.uuid(),
  name: z.string(),
  alarmName: z.string(),
  kind: z.enum(['threshold', 'light']),
  /** The device row id. */
  deviceId: z.uuid(),
  deviceInfo: z.object({ id: z.uuid(), deviceId: z.string(), name: z.string() }),
  alarmInfo: z.object({ name: z.string() }),
  accountName: z.string().nullable(),
  profileId: z.uuid().nullable(),
  createdBy: z.uuid().nullable(),
  createdByRole: z.enum(roles).nullable(),
  /** The metrics this alarm watches, comma separated (temperature, humidity, ...). */
  type: z.string(),
  ...thresholdReply,
  minLux: z.number().nullable(),
  maxLux: z.number().nullable(),
  lightSchedule: lightSchedule.nullable(),
  ...deliveryReply,
  /** Whether the caller may edit or delete it (the editing rule, spec monitoring 4). */
  canEdit: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type DeviceAlarm = z.infer<typeof deviceAlarm>;

export const deviceAlarmReply = data(deviceAlarm);
export const deviceAlarmListReply = data(
  z.object({ list: z.array(deviceAlarm), meta: z.object({ pagination }) }),
);

/** `GET /api/alarms/{deviceId}`: 10 a page; without `page` the whole list (1000). */
export const deviceAlarmListQuery = z.object({
  page: z.coerce.number().int().min(1).optional(),
  pageSize: z.coerce.number().int().min(1).max(1000).optional(),
});
/** `GET /api/alarms/list`: the alarms page, 10 a page, optional name search. */
export const alarmListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000).default(10),
  search: z.string().trim().max(100).optional(),
});

// ---------- alert profiles ----------

const profileFields = z.object({
  profileName: nameField('profile'),
  ...thresholdFields,
  ...deliveryFields,
  /** The text (SMS) channel; the spec's profile calls it phoneEnable. */
  phoneEnable: z.boolean().default(false),
  devices: z.array(uuid).default([]),
});

function profileIssues(value: z.output<typeof profileFields>): Issue[] {
  const issues = [...rangeIssues(value), ...recipientIssues(value.users, value.adminEnable)];
  if (value.devices.length === 0) issues.push({ code: 'profileDeviceRequired', path: ['devices'] });
  if (value.enable && !value.emailEnable && !value.phoneEnable && !value.callEnable)
    issues.push({ code: 'profileChannelRequired', path: ['emailEnable'] });
  return issues;
}

export const alertProfileBody = profileFields.superRefine((value, ctx) => {
  report(ctx, profileIssues(value));
});
export type AlertProfileBody = z.input<typeof alertProfileBody>;
export const alertProfileUpdateBody = profileFields
  .extend({ profileId: uuid })
  .superRefine((value, ctx) => {
    report(ctx, profileIssues(value));
  });
export const alertProfileDeleteBody = z.object({ profileId: uuid });

export const alertProfile = z.object({
  profileId: z.uuid(),
  profileName: z.string(),
  name: z.string(),
  ...thresholdReply,
  ...deliveryReply,
  phoneEnable: z.boolean(),
  users: z.array(alarmRecipient),
  devices: z.array(z.object({ id: z.uuid(), deviceId: z.string(), name: z.string() })),
  createdAt: z.iso.datetime(),
});
export type AlertProfile = z.infer<typeof alertProfile>;

export const alertProfileQuery = z.object({ search: z.string().trim().max(100).optional() });
/** Spec monitoring 7: the profile list replies `result` and `meta`. */
export const alertProfileListReply = data(
  z.object({ result: z.array(alertProfile), meta: z.object({ total: z.number().int() }) }),
);
export const alertProfileReply = data(alertProfile);

// ---------- light alarms ----------

const luxBound = z
  .number({ error: messages.alarmRangeRequired })
  .min(luxRange.min, { error: messages.alarmRangeOutOfBounds })
  .max(luxRange.max, { error: messages.alarmRangeOutOfBounds });

const lightFields = z.object({
  name: nameField('alarm'),
  minLux: luxBound,
  maxLux: luxBound,
  lightSchedule,
  ...deliveryFields,
  textEnable: z.boolean().default(false),
});

function lightIssues(value: z.output<typeof lightFields>): Issue[] {
  const issues = recipientIssues(value.users, value.adminEnable);
  if (value.minLux > value.maxLux) issues.push({ code: 'alarmRangeOrder', path: ['maxLux'] });
  value.lightSchedule.days.forEach((day, index) => {
    day.windows.forEach((window, w) => {
      if (window.to <= window.from)
        issues.push({
          code: 'lightWindowInvalid',
          path: ['lightSchedule', 'days', index, 'windows', w],
        });
    });
  });
  if (value.enable && !value.emailEnable && !value.textEnable && !value.callEnable)
    issues.push({ code: 'profileChannelRequired', path: ['emailEnable'] });
  return issues;
}

/** `POST /api/alarms/lightProfile`: one light alarm on each chosen device. */
export const lightAlarmBody = lightFields
  .extend({ devices: z.array(uuid).default([]) })
  .superRefine((value, ctx) => {
    const issues = lightIssues(value);
    if (value.devices.length === 0)
      issues.push({ code: 'profileDeviceRequired', path: ['devices'] });
    report(ctx, issues);
  });
export type LightAlarmBody = z.input<typeof lightAlarmBody>;
/** `PUT /api/alarms/lightProfile/{id}`: one light alarm; its device stays. */
export const lightAlarmUpdateBody = lightFields.superRefine((value, ctx) => {
  report(ctx, lightIssues(value));
});
export const lightAlarmListReply = data(z.object({ list: z.array(deviceAlarm) }));
export const lightAlarmCreateReply = data(z.object({ list: z.array(deviceAlarm) }));
