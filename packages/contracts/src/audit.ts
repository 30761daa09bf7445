import { z } from 'zod';
import { data, isoDateTime } from './common.js';
import { messages } from './messages.js';

export const auditResults = ['success', 'failure'] as const;

export const auditEntry = z.object({
  id: z.string(),
  account: z.string().nullable(),
  accountId: z.uuid().nullable(),
  user: z.string().nullable(),
  event: z.string(),
  action: z.string(),
  result: z.enum(auditResults),
  message: z.string(),
  time: z.iso.datetime(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(1000).default(50),
    startDate: isoDateTime.optional(),
    endDate: isoDateTime.optional(),
    event: z.string().trim().max(50).optional(),
    action: z.string().trim().max(50).optional(),
    accountId: z.uuid({ error: messages.notFound }).optional(),
    search: z.string().trim().max(100).optional(),
    nextToken: z.string().max(200).optional(),
  })
  .refine(
    (query) =>
      query.startDate === undefined ||
      query.endDate === undefined ||
      Date.parse(query.startDate) <= Date.parse(query.endDate),
    { error: messages.dateRangeInvalid, path: ['startDate'] },
  );
export type AuditQuery = z.input<typeof auditQuery>;

export const auditLogReply = data(
  z.object({ list: z.array(auditEntry), nextToken: z.string().nullable() }),
);

export const auditVerifyResult = z.object({
  chains: z.number().int(),
  entries: z.number().int(),
  ok: z.boolean(),
  firstBroken: z
    .object({ chain: z.string(), seq: z.number().int(), id: z.string(), reason: z.string() })
    .nullable(),
});
export type AuditVerifyResult = z.infer<typeof auditVerifyResult>;
export const auditVerifyReply = data(auditVerifyResult);

export const auditFacetsReply = data(
  z.object({ events: z.array(z.string()), actions: z.array(z.string()) }),
);
