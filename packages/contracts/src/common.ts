import { z } from 'zod';
import { messages } from './messages.js';

export const uuid = z.uuid({ error: messages.notFound });
export const idParams = z.object({ id: uuid });

export const errorItem = z.object({
  message: z.string(),
  field: z.string().optional(),
  code: z.string().optional(),
});
export const errorReply = z.object({ errors: z.array(errorItem).min(1) });
export type ErrorReply = z.infer<typeof errorReply>;

export const pagination = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
  currentPage: z.number().int(),
});
export type Pagination = z.infer<typeof pagination>;

/** `{ data: T }` — the envelope of every successful reply. */
export function data<T extends z.ZodType>(schema: T) {
  return z.object({ data: schema });
}

/** `{ data: { list: T[], meta: { pagination } } }` — the envelope of every paged list. */
export function pagedList<T extends z.ZodType>(item: T) {
  return data(z.object({ list: z.array(item), meta: z.object({ pagination }) }));
}

export const okReply = data(z.object({ ok: z.literal(true) }));

/** Page numbers start at 1; page sizes are capped at the "full list" size of the spec. */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000).default(10),
});

export const trimmed = () => z.string().trim();
export const isoDateTime = z.iso.datetime({ offset: true });
