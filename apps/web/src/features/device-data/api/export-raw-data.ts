import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { taskReply, type Task } from '@vigil/contracts';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../../lib/api-client';
import { browserTimezone, type TimeWindow } from '../ranges';

/** The spec's poll of an export task: every 5 s until it is completed (spec monitoring 4 and 9). */
export const taskPollMs = 5000;

export type ExportFormat = 'csv' | 'pdf';

const taskKey = (taskId: string | null) => ['deviceData', 'task', taskId] as const;

const isFinished = (task: Task | undefined) =>
  task?.status === 'completed' || task?.status === 'failed';

/** GET /api/tasks/{taskId}; a failed poll is only logged (spec monitoring 4), the next one retries. */
async function pollTask(taskId: string, signal: AbortSignal): Promise<Task> {
  try {
    return await api.get(`/api/tasks/${encodeURIComponent(taskId)}`, taskReply, {
      signal,
      silent: true,
    });
  } catch (error) {
    console.error(`export task ${taskId}: poll failed`, error);
    throw error;
  }
}

/**
 * A raw-data export of one device (POST /api/tasks, type raw_data), polled every 5 s while it
 * runs; when completed its result opens in a new tab.
 */
export function useRawDataExport(deviceId: string) {
  const queryClient = useQueryClient();
  const [taskId, setTaskId] = useState<string | null>(null);
  const opened = useRef(new Set<string>());
  const start = useMutation({
    mutationFn: ({ format, window }: { format: ExportFormat; window: TimeWindow }) =>
      api.post('/api/tasks', taskReply, {
        body: {
          type: 'raw_data',
          deviceId,
          from: window.from.toISOString(),
          to: window.to.toISOString(),
          format,
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
    // The reply of the POST is the first state; the interval does the polling.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    refetchInterval: (query) => (isFinished(query.state.data) ? false : taskPollMs),
    refetchIntervalInBackground: true,
  });
  const task = taskId === null ? undefined : poll.data;
  useEffect(() => {
    if (task?.status !== 'completed' || !task.resultUrl || opened.current.has(task.taskId)) return;
    opened.current.add(task.taskId);
    window.open(task.resultUrl, '_blank', 'noopener');
  }, [task]);
  return {
    start: (format: ExportFormat, window: TimeWindow) => {
      start.mutate({ format, window });
    },
    /** A task is being started or still runs: a second one waits. */
    busy: start.isPending || (task !== undefined && !isFinished(task)),
    task,
  };
}
