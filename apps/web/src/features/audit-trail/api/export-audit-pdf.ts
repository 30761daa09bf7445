import { taskReply } from '@vigil/contracts';
import { api } from '../../../lib/api-client';
import { useExportTask } from '../../../lib/use-export-task';
import { toIso, type AuditFilters } from './audit-filters';
import { auditKey } from './list-audit-logs';

const taskKey = (taskId: string | null) => [...auditKey, 'task', taskId] as const;

const browserTimezone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The audit trail as PDF (POST /api/tasks, type log_data), polled every 5 s while it runs
 * (spec platform 4, 9); when completed its result opens in a new tab.
 */
export function useAuditPdfExport() {
  return useExportTask({
    queryKey: taskKey,
    label: 'audit export task',
    start: async (filters: AuditFilters) => {
      const task = await api.post('/api/tasks', taskReply, {
        body: {
          type: 'log_data',
          startDate: toIso(filters.startDate),
          endDate: toIso(filters.endDate),
          event: filters.event ?? undefined,
          action: filters.action ?? undefined,
          account: filters.accountId ?? undefined,
          search: filters.search.trim() || undefined,
          timezone: browserTimezone(),
        },
      });
      return { taskId: task.taskId, task };
    },
  });
}
