import { z } from 'zod';
import { languages } from './constants.js';

/**
 * The background jobs (DESIGN 6, STYLE 6): one name -> payload map for `enqueue` and the
 * worker's handlers alike. `enqueue` takes a job's input type; its handler gets the output, after
 * the worker has checked the stored payload against the schema (a payload that does not fit
 * fails the job at once, with what did not fit).
 */

/** No payload: the job's work is the same on every run (clocks, sweeps, retention). */
const noPayload = z.object({});

/** A file-building task (`tasks` row) of an export: raw data, audit trail, alarm report. */
const exportTaskPayload = z.object({ taskId: z.uuid() });

/** One mail as the mailer sends it: the text and the HTML part, already rendered. */
export const mailJobPayload = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
});

/** A sign-up, done after the reply (issue 18): the password is already hashed. */
export const signupJobPayload = z.object({
  name: z.string(),
  email: z.string(),
  passwordHash: z.string(),
  companyName: z.string(),
  countryCode: z.string(),
  phoneNumber: z.string(),
  language: z.enum(languages),
  ip: z.string().nullable(),
});

export const forgotJobPayload = z.object({ email: z.string(), ip: z.string().nullable() });

export const alarmNotifyOccasion = z.enum([
  /** The excursion was raised (after its delay). */
  'raised',
  /** Still out of range and unacknowledged after `frequency` minutes (not for one-time alarms). */
  'repeat',
  /** Back in range. */
  'cleared',
  /** Unacknowledged for the account's `escalation_minutes`: goes to the account's admins. */
  'escalated',
]);
export type AlarmNotifyOccasion = z.infer<typeof alarmNotifyOccasion>;

/** The alarm engine's request to notify about one alarm event (fanned out to every channel). */
export const alarmNotifyPayload = z.object({
  eventId: z.uuid(),
  occasion: alarmNotifyOccasion,
  /** 1 for the first message of this occasion, 2 for the next repeat, ... */
  sequence: z.number().int().min(1),
});
export type AlarmNotifyPayload = z.infer<typeof alarmNotifyPayload>;

/** One notification to send once (its row says the channel and the recipient). */
export const deliveryPayload = z.object({
  notificationId: z.uuid(),
  /** Email only: the subject line. */
  subject: z.string().optional(),
  /** Webhook only: the endpoint and the JSON document to post. */
  webhookId: z.uuid().optional(),
  body: z.unknown().optional(),
});
export type DeliveryPayload = z.input<typeof deliveryPayload>;

/** One scheduled report run mailed to one recipient, in their language. */
export const reportMailJobPayload = z.object({
  runId: z.uuid(),
  email: z.string(),
  name: z.string(),
  language: z.enum(languages).default('en'),
  notificationId: z.uuid().optional(),
});

const jobSchemas = {
  'mail.send': mailJobPayload,
  'auth.signup': signupJobPayload,
  'auth.forgot': forgotJobPayload,
  'export.raw': exportTaskPayload,
  'export.audit': exportTaskPayload,
  'export.alarms': exportTaskPayload,
  /** Removes the export files past their lifetime, once a day. */
  'export.cleanup': noPayload,
  /** Deleted accounts past their grace period; `at` is the minute of the clock that asked. */
  'accounts.purge': z.object({ at: z.iso.datetime() }),
  /** A deleted device's readings, removed in batches after the reply. */
  'device.purgeReadings': z.object({ deviceId: z.uuid() }),
  /** The once-a-minute job that enqueues the report runs that are due. */
  'reports.schedule': noPayload,
  /** Builds one report run and enqueues its mails. */
  'reports.run': z.object({ runId: z.uuid() }),
  'reports.mail': reportMailJobPayload,
  'alarm.notify': alarmNotifyPayload,
  'notification.deliver': deliveryPayload,
  /** Repeats and escalations of open alarms, once a minute. */
  'alarms.sweep': noPayload,
  /** Devices gone silent marked offline (and their offline alarms), once a minute. */
  'ingest.offlineSweep': noPayload,
  'readings.retention': noPayload,
  'readings.partitions': noPayload,
  'gatewayLogs.retention': noPayload,
} as const;

export type JobName = keyof typeof jobSchemas;
/** What `enqueue` takes for job `N`. */
export type JobPayload<N extends JobName> = z.input<(typeof jobSchemas)[N]>;
/** What the handler of job `N` gets: the payload after its schema (defaults filled in). */
export type JobData<N extends JobName> = z.output<(typeof jobSchemas)[N]>;

/** Job name -> payload schema, typed per name so that a generic `N` keeps its own schema. */
export const jobPayloads: { readonly [N in JobName]: z.ZodType<JobData<N>, JobPayload<N>> } =
  jobSchemas;

export const isJobName = (name: string): name is JobName => Object.hasOwn(jobSchemas, name);
