import { z } from 'zod';
import { data, pagination, uuid } from './common.js';
import { requiredText } from './fields.js';
import { timezoneField } from './inventory.js';
import { messages, type MessageCode } from './messages.js';

/**
 * Scheduled reports (spec monitoring 2, 3, 5, 7 and 9; DESIGN 9). Flags travel as booleans
 * (the spec's 0/1); frequency 1 daily, 2 weekly, 3 monthly with duration 0, 1, 2 derived from
 * it; format 0 CSV, 1 PDF; sortBy 0 oldest first, 1 latest first; type 'normal' (environment)
 * or 'optional' (door, LN2, spill).
 */

export const reportFrequencies = [1, 2, 3] as const;
export type ReportFrequency = (typeof reportFrequencies)[number];
export const reportFormats = [0, 1] as const;
export const reportSorts = [0, 1] as const;
export const reportTypes = ['normal', 'optional'] as const;
export type ReportType = (typeof reportTypes)[number];
export const reportNameLength = { min: 2, max: 50 } as const;
/** Recipients and devices of one report at most. */
export const reportListLimit = 500;

/** Spec monitoring 9: duration is derived from frequency (1→0, 2→1, 3→2). */
export const durationOf = (frequency: ReportFrequency) => frequency - 1;

/** Spec monitoring 3: the defaults of a new report of each type. */
export const reportDefaults = {
  normal: {
    temp: true,
    humidity: true,
    carbon: true,
    pressure: false,
    thermo_couple: false,
    insightReport: false,
    door: false,
    lnlvl: false,
    lntmp: false,
    water: false,
  },
  optional: {
    temp: false,
    humidity: false,
    carbon: false,
    pressure: false,
    thermo_couple: false,
    insightReport: false,
    door: true,
    lnlvl: true,
    lntmp: true,
    water: true,
  },
  common: {
    adminEnable: true,
    enable: true,
    frequency: 1,
    format: 0,
    sortBy: 1,
    timezone: 'Etc/UTC',
    offset: '+00:00',
    group: 1,
  },
} as const;

const choice = (values: readonly number[], code: MessageCode) =>
  z
    .number({ error: messages[code] })
    .refine((value) => values.includes(value), { error: messages[code] });

const flag = z.boolean().optional();

/**
 * `POST /api/reports`, `PUT /api/reports/{id}`: the spec's sent payload. Metric flags left
 * out take the defaults of the report's type.
 */
const reportFields = z.object({
  name: requiredText('reportNameRequired')
    .min(reportNameLength.min, { error: messages.reportNameRequired })
    .max(reportNameLength.max, { error: messages.reportNameTooLong }),
  type: z.enum(reportTypes).default('normal'),
  temp: flag,
  humidity: flag,
  carbon: flag,
  pressure: flag,
  thermo_couple: flag,
  insightReport: flag,
  door: flag,
  lnlvl: flag,
  lntmp: flag,
  water: flag,
  adminEnable: z.boolean().default(reportDefaults.common.adminEnable),
  enable: z.boolean().default(reportDefaults.common.enable),
  frequency: choice(reportFrequencies, 'reportFrequencyInvalid').default(1),
  /** Sent by the client; the server derives it from frequency and ignores a mismatch. */
  duration: z.number().int().optional(),
  /** The timezone's UTC offset as the client shows it; the IANA timezone is authoritative. */
  offset: z
    .string()
    .regex(/^[+-]\d{2}:\d{2}$/, { error: messages.timezoneInvalid })
    .default(reportDefaults.common.offset),
  timezone: timezoneField(),
  format: choice(reportFormats, 'reportFormatInvalid').default(0),
  sortBy: choice(reportSorts, 'reportSortInvalid').default(1),
  /** The web client sends 1; kept for the spec's payload, not stored. */
  group: z.number().int().optional(),
  devices: z.array(uuid, { error: messages.reportDeviceRequired }).max(reportListLimit),
  users: z.array(uuid).max(reportListLimit).default([]),
});

type ReportIssue = { code: MessageCode; path: (string | number)[] };

/** Spec monitoring 5: a device, a recipient (or notify admin), nobody and nothing twice. */
export function reportIssues(value: {
  devices: string[];
  users: string[];
  adminEnable: boolean;
}): ReportIssue[] {
  const issues: ReportIssue[] = [];
  if (value.devices.length === 0) issues.push({ code: 'reportDeviceRequired', path: ['devices'] });
  if (value.users.length === 0 && !value.adminEnable)
    issues.push({ code: 'reportUserRequired', path: ['users'] });
  for (const [key, code] of [
    ['devices', 'reportDeviceDuplicate'],
    ['users', 'reportUserDuplicate'],
  ] as const) {
    const seen = new Set<string>();
    value[key].forEach((item, index) => {
      if (seen.has(item)) issues.push({ code, path: [key, index] });
      seen.add(item);
    });
  }
  return issues;
}

export const reportBody = reportFields
  .superRefine((value, ctx) => {
    for (const issue of reportIssues(value))
      ctx.addIssue({ code: 'custom', message: messages[issue.code], path: issue.path });
  })
  .transform((value) => {
    const defaults = reportDefaults[value.type];
    return {
      ...value,
      temp: value.temp ?? defaults.temp,
      humidity: value.humidity ?? defaults.humidity,
      carbon: value.carbon ?? defaults.carbon,
      pressure: value.pressure ?? defaults.pressure,
      thermo_couple: value.thermo_couple ?? defaults.thermo_couple,
      insightReport: value.insightReport ?? defaults.insightReport,
      door: value.door ?? defaults.door,
      lnlvl: value.lnlvl ?? defaults.lnlvl,
      lntmp: value.lntmp ?? defaults.lntmp,
      water: value.water ?? defaults.water,
      duration: durationOf(value.frequency as ReportFrequency),
    };
  });
export type ReportBody = z.input<typeof reportBody>;
export type ReportInput = z.output<typeof reportBody>;

/** `GET /api/reports`: 10 a page (1000 for the full list), `type=optional`, or one `id`. */
export const reportListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000).default(10),
  type: z.enum(reportTypes).default('normal'),
  id: uuid.optional(),
});
export type ReportListQuery = z.input<typeof reportListQuery>;

export const reportUser = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
});
export const reportDevice = z.object({ id: z.uuid(), deviceId: z.string(), name: z.string() });

/** A report as read back (spec monitoring 3). */
export const report = z.object({
  id: z.uuid(),
  name: z.string(),
  type: z.enum(reportTypes),
  temp: z.boolean(),
  humidity: z.boolean(),
  carbon: z.boolean(),
  pressure: z.boolean(),
  thermoCouple: z.boolean(),
  insightReport: z.boolean(),
  door: z.boolean(),
  lnlvl: z.boolean(),
  lntmp: z.boolean(),
  water: z.boolean(),
  adminEnable: z.boolean(),
  enable: z.boolean(),
  frequency: z.number().int(),
  duration: z.number().int(),
  offset: z.string(),
  timezone: z.string(),
  format: z.number().int(),
  sortBy: z.number().int(),
  createdBy: z.uuid().nullable(),
  nextRunAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  reportsUsers: z.array(reportUser),
  reportsDevices: z.array(reportDevice),
  /** Whether the caller may edit, delete and send it (account owners only). */
  canEdit: z.boolean(),
});
export type Report = z.infer<typeof report>;

export const reportReply = data(report);
export const reportListReply = data(
  z.object({ list: z.array(report), meta: z.object({ pagination }) }),
);
export type ReportListReply = z.infer<typeof reportListReply>;

export const reportRunStatuses = ['queued', 'building', 'sent', 'failed'] as const;
/** One built report for one period (`GET /api/reports/{id}/runs`). */
export const reportRun = z.object({
  id: z.uuid(),
  reportId: z.uuid(),
  periodStart: z.iso.datetime(),
  periodEnd: z.iso.datetime(),
  status: z.enum(reportRunStatuses),
  manual: z.boolean(),
  error: z.string().nullable(),
  createdAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
  /** Whether a file is kept and can be downloaded again. */
  hasFile: z.boolean(),
});
export type ReportRun = z.infer<typeof reportRun>;
export const reportRunListReply = data(
  z.object({ list: z.array(reportRun), meta: z.object({ pagination }) }),
);
export const reportRunParams = z.object({ id: uuid, runId: uuid });
/** `POST /api/reports/{id}/send`: the queued run of the period just ended. */
export const reportSendReply = data(reportRun);
/** `GET /api/reports/{id}/runs/{runId}/download`: a signed link to the kept file. */
export const reportDownloadReply = data(
  z.object({ url: z.string(), fileName: z.string(), expiresAt: z.iso.datetime() }),
);
