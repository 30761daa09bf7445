import { queryOptions, useQuery } from '@tanstack/react-query';
import { auditFacetsReply } from '@vigil/contracts';
import { api } from '../../../lib/api-client';
import { auditKey } from './list-audit-logs';

/** GET /api/audit/facets — the events and actions present, for the two filters. */
export const auditFacetsQuery = () =>
  queryOptions({
    queryKey: [...auditKey, 'facets'],
    queryFn: ({ signal }) => api.get('/api/audit/facets', auditFacetsReply, { signal }),
  });

export function useAuditFacets() {
  return useQuery(auditFacetsQuery());
}
