import { z } from 'zod';
import { data, isoDateTime, pagedList } from './common.js';
import { timezoneField } from './inventory.js';
import { messages } from './messages.js';

/** The kinds of alarm event (`alarm_events.type`) the alarm engine raises. */
export const alarmTypes = [
  'temperature',
  'humidity',
  'co2',
  'thermocouple',
  'pressure',
  'ln2_temperature',
  'ln2_level',
  'water',
  'battery',
  'door',
  'light',
  'offline',
] as const;
export type AlarmType = (typeof alarmTypes)[number];

/** Spec monitoring 5 and 9: alarm reports cover 1, 2, 3, 6 or 12 months; 1 by default. */
export const alarmReportMonths = [1, 2, 3, 6, 12] as const;
export type AlarmReportMonths = (typeof alarmReportMonths)[number];
export const defaultAlarmReportMonths: AlarmReportMonths = 1;

export const alarmEventParams = z.object({ id: z.uuid({ error: messages.notFound }) });

/** Spec monitoring 5: a comment must be non-empty. */
export const commentText = () =>
  z
    .string({ error: messages.commentRequired })
    .trim()
    .min(1, { error: messages.commentRequired })
    .max(1000, { error: messages.commentTooLong });

/** `PUT /api/device-alarm/add-comment/{id}`. */
export const addCommentBody = z.object({ comment: commentText() });

/**
 * What an electronic signature means (21 CFR 11.50: every signature shows its meaning), stored
 * with the acknowledgement and shown in the audit trail and the alarm events.
 */
export const signatureMeanings = [
  'reviewed_and_acted_on',
  'reviewed_no_action_needed',
  'under_investigation',
] as const;
export type SignatureMeaning = (typeof signatureMeanings)[number];
/** The English wording of each meaning (audit trail, exports); the web app translates by key. */
export const signatureMeaningTexts: Record<SignatureMeaning, string> = {
  reviewed_and_acted_on: 'Reviewed and acted on',
  reviewed_no_action_needed: 'Reviewed, no action needed',
  under_investigation: 'Under investigation',
};

/**
 * `POST /api/alarms/events/{id}/acknowledge`: an electronic signature (DESIGN.md 9) — the
 * comment, the person's own password, verified again, and what the signature means.
 */
export const acknowledgeBody = z.object({
  comment: commentText(),
  password: z
    .string({ error: messages.passwordRequired })
    .min(1, { error: messages.passwordRequired })
    .max(200),
  meaning: z.enum(signatureMeanings, { error: messages.signatureMeaningRequired }),
});

/** A comment on an alarm event, with its author (null once that person is deleted). */
export const alarmComment = z.object({
  id: z.uuid(),
  comment: z.string(),
  author: z.string().nullable(),
  /** The comment given with the acknowledgement. */
  isAcknowledgement: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type AlarmComment = z.infer<typeof alarmComment>;
export const alarmCommentReply = data(alarmComment);
export const alarmCommentsReply = data(z.array(alarmComment));

/** The state of an event after an acknowledgement: `acknowledged`, or `recovered` when it was. */
export const acknowledgeReply = data(
  z.object({
    id: z.uuid(),
    state: z.enum(['acknowledged', 'recovered']),
    acknowledgedAt: z.iso.datetime(),
    acknowledgedBy: z.string(),
    meaning: z.enum(signatureMeanings),
    comment: alarmComment,
  }),
);

/** Spec monitoring 3: a favourite comment, kept per person. */
export const favouriteComment = z.object({ id: z.uuid(), message: z.string() });
export type FavouriteComment = z.infer<typeof favouriteComment>;
export const favouriteCommentBody = z.object({ message: commentText() });
export const favouriteCommentReply = data(favouriteComment);
export const favouriteCommentsReply = data(z.array(favouriteComment));

/**
 * An excursion's state: `active` out of range and not acknowledged; `acknowledged` out of range
 * and signed off; `recovered` back in range and signed off (closed); `recovered_unacknowledged`
 * back in range, still awaiting its acknowledgement (DESIGN.md 9).
 */
export const alarmEventStates = [
  'active',
  'acknowledged',
  'recovered',
  'recovered_unacknowledged',
] as const;
export type AlarmEventState = (typeof alarmEventStates)[number];
/** The states that need someone: still out of range, or not yet acknowledged (the top bar). */
export const attentionStates: AlarmEventState[] = [
  'active',
  'acknowledged',
  'recovered_unacknowledged',
];

/** `state=active,acknowledged`: any of the listed states (none = every state). */
const isEventState = (text: string): text is AlarmEventState =>
  (alarmEventStates as readonly string[]).includes(text);
const stateFilter = z
  .string()
  .max(200, { error: messages.alarmStateInvalid })
  .transform((text) => [...new Set(text.split(',').map((part) => part.trim()))])
  .refine((parts) => parts.every(isEventState), { error: messages.alarmStateInvalid })
  .transform((parts) => parts.filter(isEventState));

/** Filters shared by the alarm events list and its CSV/PDF downloads. */
const eventFilters = {
  state: stateFilter.optional(),
  deviceId: z.uuid({ error: messages.notFound }).optional(),
  locationId: z.uuid({ error: messages.notFound }).optional(),
};

/** `GET /api/alarms/downloadAlarmPDF|downloadAlarmCSV`: the account's alarm events of a range. */
export const alarmDownloadQuery = z
  .object({
    startTime: isoDateTime,
    endTime: isoDateTime,
    /** The clock the file's times are shown on. */
    timezone: timezoneField().default('Etc/UTC'),
    ...eventFilters,
  })
  .refine((query) => Date.parse(query.startTime) <= Date.parse(query.endTime), {
    error: messages.rangeInvalid,
    path: ['endTime'],
  });

const pageInvalid = 'page must be a whole number of 1 or more';
const pageSizeInvalid = 'pageSize must be a whole number from 1 to 100';

/** `GET /api/alarms/events`: every excursion the person may see, newest first, filtered. */
export const alarmEventsQuery = z
  .object({
    page: z.coerce
      .number({ error: pageInvalid })
      .int({ error: pageInvalid })
      .min(1, { error: pageInvalid })
      .default(1),
    pageSize: z.coerce
      .number({ error: pageSizeInvalid })
      .int({ error: pageSizeInvalid })
      .min(1, { error: pageSizeInvalid })
      .max(100, { error: pageSizeInvalid })
      .default(10),
    ...eventFilters,
    /** Excursions that started in [from, to] (either end open). */
    from: isoDateTime.optional(),
    to: isoDateTime.optional(),
  })
  .refine((query) => !query.from || !query.to || Date.parse(query.from) <= Date.parse(query.to), {
    error: messages.rangeInvalid,
    path: ['to'],
  });

/** One excursion as the alarm events page lists it. Temperatures are in Celsius. */
export const alarmEventItem = z.object({
  id: z.uuid(),
  state: z.enum(alarmEventStates),
  alarmId: z.uuid().nullable(),
  alarmName: z.string(),
  /** temperature, humidity, co2, ..., offline (the alarm engine's types). */
  type: z.string(),
  deviceDbId: z.uuid(),
  deviceName: z.string(),
  /** The hardware address. */
  deviceId: z.string(),
  locationId: z.uuid().nullable(),
  location: z.string().nullable(),
  /** The reading that raised it, and the worst one while it lasted. */
  value: z.number().nullable(),
  peak: z.number().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  /** The first out-of-range reading (the raise, when it had no delay). */
  startedAt: z.iso.datetime(),
  raisedAt: z.iso.datetime(),
  /** Back in range; null while it lasts. */
  endedAt: z.iso.datetime().nullable(),
  /** From start to end, or to now while it lasts. */
  durationSeconds: z.number().int(),
  acknowledgedAt: z.iso.datetime().nullable(),
  /** The name of the person who acknowledged it (null once that person is deleted). */
  acknowledgedBy: z.string().nullable(),
  acknowledgedMeaning: z.enum(signatureMeanings).nullable(),
  comments: z.number().int(),
});
export type AlarmEventItem = z.infer<typeof alarmEventItem>;
export const alarmEventsReply = pagedList(alarmEventItem);

/**
 * `GET /api/alarms/summary`: the top bar's counts. `active` are still out of range (whether
 * acknowledged or not); `unacknowledged` await a signature (out of range or recovered);
 * `attention` is either (the events page's `state=` of `attentionStates`).
 */
export const alarmSummary = z.object({
  active: z.number().int(),
  unacknowledged: z.number().int(),
  attention: z.number().int(),
});
export type AlarmSummary = z.infer<typeof alarmSummary>;
export const alarmSummaryReply = data(alarmSummary);
