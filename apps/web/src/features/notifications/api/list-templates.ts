import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { messageTemplateListReply, pageSizes } from '@vigil/contracts';
import { api } from '../../../lib/api-client';

export const templatesKey = ['messageTemplates'] as const;

/** GET /api/message-templates/ — one page (10), or the full list (1000) for a select. */
export const templatesQuery = (page: number, pageSize: number = pageSizes.table) =>
  queryOptions({
    queryKey: [...templatesKey, 'list', page, pageSize],
    queryFn: ({ signal }) =>
      api.get('/api/message-templates/', messageTemplateListReply, {
        query: { page, pageSize },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export function useTemplates(page: number, options: { pageSize?: number; enabled?: boolean } = {}) {
  return useQuery({
    ...templatesQuery(page, options.pageSize),
    enabled: options.enabled ?? true,
  });
}
