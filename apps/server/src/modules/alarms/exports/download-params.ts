import { alarmEventStates, languages } from '@vigil/contracts';
import { z } from 'zod';

/** What an alarm report task remembers of its request (tasks.params), read back by the worker. */
export const alarmReportParams = z.object({
  from: z.iso.datetime({ offset: true }),
  to: z.iso.datetime({ offset: true }),
  timezone: z.string(),
  format: z.enum(['csv', 'pdf']),
  /** Set for a `user`: only the events of the devices assigned to them. */
  assignedTo: z.uuid().optional(),
  /** The alarm events page's filters, when the file was asked for there. */
  states: z.array(z.enum(alarmEventStates)).optional(),
  deviceId: z.uuid().optional(),
  locationId: z.uuid().optional(),
  /**
   * The language of the person who asked (their user setting then): the file speaks it. Tasks
   * queued before files spoke other languages have none and come out in English.
   */
  language: z.enum(languages).default('en'),
});
export type AlarmReportParams = z.infer<typeof alarmReportParams>;

/** The job that builds an alarm report file (its task kind is tasks' `alarmReportKind`). */
export const alarmReportJob = 'export.alarms';

/** Spec monitoring 5: 1 to 12 months. */
export const maxReportMonths = 12;
