import { z } from 'zod';
import { data, pagination } from './common.js';
import { alarmEventStates } from './alarm-events.js';
import { doorOpening } from './realtime.js';

/** The cards of the dashboard grid (spec monitoring 2's six, and the overview), by key. */
export const dashboardCards = [
  'customStatus',
  'customDeviceStatus',
  'recentAlarms',
  'recentDoorOpening',
  'customLocation',
  'deviceData',
  /** Beyond the spec's six (issue 19): every device at a glance. */
  'deviceOverview',
] as const;
export type DashboardCard = (typeof dashboardCards)[number];

export const dashboardBreakpoints = ['lg', 'md', 'sm', 'xs', 'xxs'] as const;

const layoutItem = z.object({
  i: z.enum(dashboardCards),
  x: z.number().int().min(0).max(100),
  y: z.number().int().min(0).max(10_000),
  w: z.number().int().min(1).max(100),
  h: z.number().min(1).max(1000),
  minW: z.number().optional(),
  minH: z.number().optional(),
  maxW: z.number().optional(),
  maxH: z.number().optional(),
});

/**
 * What a person made of their dashboard: the layout per breakpoint, which cards are shown, and
 * whether the grid is locked. Kept per user on the server (and locally), so it follows them.
 */
export const dashboardPrefs = z.object({
  layouts: z.partialRecord(z.enum(dashboardBreakpoints), z.array(layoutItem).max(20)),
  visible: z.array(z.enum(dashboardCards)).max(dashboardCards.length),
  locked: z.boolean(),
});
export type DashboardPrefs = z.infer<typeof dashboardPrefs>;
/** `GET /api/user/dashboard`: null until the person saves one. */
export const dashboardPrefsReply = data(dashboardPrefs.nullable());

// Not catalogue texts (messages.ts): no spec text exists, and the web shows errors[0].message.
const pageInvalid = 'page must be a whole number of 1 or more';
const pageSizeInvalid = 'pageSize must be a whole number from 1 to 100';

/**
 * `POST /api/alarms/recentDoorOpenings` and `POST /api/alarms/recentAlarms/v2` take the page in
 * the query (spec: page, pageSize=9) — the body is ignored.
 */
export const recentQuery = z.object({
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
});
/** The spec's client posts `{ authToken }` (its session, also in the header); nothing else is read. */
export const recentBody = z.object({ authToken: z.string().max(4096).optional() }).nullish();
export const doorOpeningsReply = data(
  z.object({ list: z.array(doorOpening), meta: z.object({ pagination }) }),
);

/** A row of the Recent alarms card (spec monitoring 3). */
export const recentAlarm = z.object({
  id: z.uuid(),
  alarmId: z.uuid().nullable(),
  alarmName: z.string(),
  deviceDbId: z.uuid(),
  deviceName: z.string(),
  location: z.string().nullable(),
  locationId: z.uuid().nullable(),
  type: z.string(),
  value: z.number().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  createdAt: z.iso.datetime(),
  comments: z.number().int(),
  /** The excursion's state (alarm-events.ts `alarmEventStates`). */
  state: z.enum(alarmEventStates),
  clearedAt: z.iso.datetime().nullable(),
  acknowledgedAt: z.iso.datetime().nullable(),
  /** The name of the person who acknowledged it. */
  acknowledgedBy: z.string().nullable(),
});
export type RecentAlarm = z.infer<typeof recentAlarm>;
export const recentAlarmsReply = data(
  z.object({ list: z.array(recentAlarm), meta: z.object({ pagination }) }),
);
