import { z } from 'zod';
import { data, isoDateTime } from './common.js';
import { timezoneField } from './inventory.js';
import { messages } from './messages.js';

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
 * `POST /api/alarms/events/{id}/acknowledge`: an electronic signature (DESIGN.md 9) — the
 * comment and the person's own password, verified again.
 */
export const acknowledgeBody = z.object({
  comment: commentText(),
  password: z
    .string({ error: messages.passwordRequired })
    .min(1, { error: messages.passwordRequired })
    .max(200),
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

/** The state of an event after an acknowledgement. */
export const acknowledgeReply = data(
  z.object({
    id: z.uuid(),
    state: z.literal('acknowledged'),
    acknowledgedAt: z.iso.datetime(),
    acknowledgedBy: z.string(),
    comment: alarmComment,
  }),
);

/** Spec monitoring 3: a favourite comment, kept per person. */
export const favouriteComment = z.object({ id: z.uuid(), message: z.string() });
export type FavouriteComment = z.infer<typeof favouriteComment>;
export const favouriteCommentBody = z.object({ message: commentText() });
export const favouriteCommentReply = data(favouriteComment);
export const favouriteCommentsReply = data(z.array(favouriteComment));

/** `GET /api/alarms/downloadAlarmPDF|downloadAlarmCSV`: the account's alarm events of a range. */
export const alarmDownloadQuery = z
  .object({
    startTime: isoDateTime,
    endTime: isoDateTime,
    /** The clock the file's times are shown on. */
    timezone: timezoneField().default('Etc/UTC'),
  })
  .refine((query) => Date.parse(query.startTime) <= Date.parse(query.endTime), {
    error: messages.rangeInvalid,
    path: ['endTime'],
  });
