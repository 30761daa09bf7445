import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { taskReply, type Task } from '@vigil/contracts';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../../lib/api-client';
import { toIso, type AuditFilters } from './audit-filters';
import { auditKey } from './list-audit-logs';

/** The spec's poll of the audit PDF task: every 5 s until it is completed (spec platform 4, 9). */
export const auditTaskPollMs = 5000;

const taskKey = (taskId: string | null) => [...auditKey, 'task', taskId] as const;

const isFinished = (task: Task | undefined) =>
  task?.status === 'completed' || task?.status === 'failed';

const browserTimezone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** GET /api/tasks/{taskId}; a failed poll is only logged (spec platform 4), the next one retries. */
async function pollTask(taskId: string, signal: AbortSignal): Promise<Task> {
  try {
    return await api.get(`/api/tasks/${encodeURIComponent(taskId)}`, taskReply, {
      signal,
      silent: true,
    });
  } catch (error) {
    console.error(`audit export task ${taskId}: poll failed`, error);
    throw error;
  }
}

/**
 * The audit trail as PDF (POST /api/tasks, type log_data), polled every 5 s while it runs;
 * when completed its result opens in a new tab.
 */
export function useAuditPdfExport() {
  const queryClient = useQueryClient();
  const [taskId, setTaskId] = useState<string | null>(null);
  const opened = useRef(new Set<string>());
  const start = useMutation({
    mutationFn: (filters: AuditFilters) =>
      api.post('/api/tasks', taskReply, {
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
      }),
    onSuccess: (task) => {
      queryClient.setQueryData(taskKey(task.taskId), task);
      setTaskId(task.taskId);
    },
  });
  const poll = useQuery({
    queryKey: taskKey(taskId),
    queryFn: ({ signal }) => pollTask(taskId ?? '', signal),
    enabled: taskId !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    refetchInterval: (query) => (isFinished(query.state.data) ? false : auditTaskPollMs),
    refetchIntervalInBackground: true,
  });
  const task = taskId === null ? undefined : poll.data;
  useEffect(() => {
    if (task?.status !== 'completed' || !task.resultUrl || opened.current.has(task.taskId)) return;
    opened.current.add(task.taskId);
    window.open(task.resultUrl, '_blank', 'noopener');
  }, [task]);
  return {
    start: (filters: AuditFilters) => {
      start.mutate(filters);
    },
    busy: start.isPending || (task !== undefined && !isFinished(task)),
    task,
  };
}
