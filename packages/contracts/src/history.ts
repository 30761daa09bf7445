import { z } from 'zod';
import { data, isoDateTime, pagedList } from './common.js';
import { timezoneField } from './inventory.js';
import { messages } from './messages.js';

/** Time values of the device data panel: 0 live, 1..5 presets, 6 custom (spec monitoring 2). */
export const timeValues = { live: 0, custom: 6 } as const;

/** Metrics a chart series can show: column keys of the readings table. */
export const metricKeys = [
  't',
  'h',
  'c',
  'b',
  'd',
  'w',
  'thermo',
  'sht_t',
  'sht_rh',
  'sht_1_t',
  'sht_1_rh',
  'co2_s',
  'bv',
  'water_s',
  'ln2lvl',
  'pressure',
  'light_s',
] as const;
export type MetricKey = (typeof metricKeys)[number];

const range = z
  .object({
    from: isoDateTime,
    to: isoDateTime,
    timezone: timezoneField().default('Etc/UTC'),
  })
  .refine((query) => Date.parse(query.from) <= Date.parse(query.to), {
    error: messages.rangeInvalid,
    path: ['to'],
  });

export const graphQuery = range.and(
  z.object({ timeValue: z.coerce.number().int().min(0).max(6).optional() }),
);

/**
 * A chart point: `ts` plus one value per metric (`t`, `h`, ...); on rollup buckets also
 * `<metric>_min` and `<metric>_max`. Null = no reading (a gap is a gap). A raw reading a
 * gateway sent late carries `backfilled: true`.
 */
export const graphPoint = z.record(
  z.string(),
  z.union([z.number(), z.string(), z.boolean(), z.null()]),
);
export const graphReply = data(
  z.object({
    points: z.array(graphPoint),
    /** 'raw' or the bucket width, e.g. '1m', '10m', '1h', '1d'. */
    bucket: z.string(),
    from: z.iso.datetime(),
    to: z.iso.datetime(),
  }),
);

export const rawQuery = range.and(
  z.object({
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(1000).default(10),
    /** Minutes between listed rows; 0.5 (the spec's default) = every 30 s. */
    timeDiff: z.coerce.number().min(0).max(1440).default(0.5),
  }),
);
export const rawRow = z.record(
  z.string(),
  z.union([z.number(), z.string(), z.boolean(), z.null()]),
);
export const rawReply = pagedList(rawRow);

export const exportFormat = z.enum(['csv', 'pdf']);
export const createTaskBody = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('raw_data'),
    deviceId: z.uuid({ error: messages.deviceRequired }),
    from: isoDateTime,
    to: isoDateTime,
    format: exportFormat,
    timezone: timezoneField().default('Etc/UTC'),
  }),
  z.object({
    type: z.literal('log_data'),
    startDate: isoDateTime.optional(),
    endDate: isoDateTime.optional(),
    action: z.string().max(50).optional(),
    event: z.string().max(50).optional(),
    account: z.uuid({ error: messages.notFound }).optional(),
    search: z.string().trim().max(100).optional(),
    timezone: timezoneField().default('Etc/UTC'),
  }),
]);
export type CreateTaskBody = z.input<typeof createTaskBody>;

export const task = z.object({
  taskId: z.uuid(),
  status: z.enum(['queued', 'running', 'completed', 'failed']),
  progress: z.number().int().min(0).max(100),
  /** A signed, expiring link to the file once completed. */
  resultUrl: z.string().nullable(),
  error: z.string().nullable(),
});
export type Task = z.infer<typeof task>;
export const taskReply = data(task);

export const taskIdParams = z.object({ taskId: z.uuid({ error: messages.notFound }) });

/** `GET /api/device/downloadCsv|downloadPdf`: the raw-data export of one device. */
export const downloadQuery = range.and(
  z.object({ deviceId: z.uuid({ error: messages.deviceRequired }) }),
);
/** `url` is the file's signed link: it serves the file once task `taskId` has completed. */
export const downloadReply = data(z.object({ url: z.string(), taskId: z.uuid() }));

/** `GET /api/files/exports/{taskId}?token=...`: the token of a signed, expiring link is the authorisation. */
export const exportFileQuery = z.object({
  token: z.string({ error: messages.tokenInvalid }).min(1, messages.tokenInvalid).max(2000),
});
