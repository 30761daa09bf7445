import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { taskReply, type Task } from '@vigil/contracts';
import { useEffect, useRef, useState } from 'react';
import { api } from './api-client';

/** The spec's poll of an export task: every 5 s until it is done (spec monitoring 4, 9; platform 4). */
export const taskPollMs = 5000;

export const isTaskFinished = (task: Task | undefined) =>
  task?.status === 'completed' || task?.status === 'failed';

/**
 * What starting an export answered: the task's id, and either the task itself (its first state)
 * or the url its file will be served at once built.
 */
export type StartedTask = { taskId: string; task?: Task; url?: string };

/** GET /api/tasks/{taskId}; a failed poll is only logged (spec), the next one retries. */
async function pollTask(taskId: string, signal: AbortSignal, label: string): Promise<Task> {
  try {
    return await api.get(`/api/tasks/${encodeURIComponent(taskId)}`, taskReply, {
      signal,
      silent: true,
    });
  } catch (error) {
    console.error(`${label} ${taskId}: poll failed`, error);
    throw error;
  }
}

/**
 * An export that the server builds as a task: started by `start`, polled every 5 s while it
 * runs, and its file opened in a new tab once completed (once per task).
 */
export function useExportTask<Args>(options: {
  /** The feature's query key of one task's poll. */
  queryKey: (taskId: string | null) => QueryKey;
  start: (args: Args) => Promise<StartedTask>;
  /** Names the task in the console when a poll fails. */
  label: string;
}) {
  const { queryKey, label } = options;
  const queryClient = useQueryClient();
  const [started, setStarted] = useState<StartedTask | null>(null);
  const opened = useRef(new Set<string>());
  const start = useMutation({
    mutationFn: options.start,
    onSuccess: (reply) => {
      if (reply.task) queryClient.setQueryData(queryKey(reply.taskId), reply.task);
      setStarted(reply);
    },
  });
  const taskId = started?.taskId ?? null;
  const poll = useQuery({
    queryKey: queryKey(taskId),
    queryFn: ({ signal }) => pollTask(taskId ?? '', signal, label),
    enabled: taskId !== null,
    // The task the start answered, if any, is the first state; the interval does the polling.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    refetchInterval: (query) => (isTaskFinished(query.state.data) ? false : taskPollMs),
    refetchIntervalInBackground: true,
  });
  const task = taskId === null ? undefined : poll.data;
  useEffect(() => {
    const url = started?.url ?? task?.resultUrl;
    if (!started || task?.status !== 'completed' || !url) return;
    if (opened.current.has(started.taskId)) return;
    opened.current.add(started.taskId);
    window.open(url, '_blank', 'noopener');
  }, [started, task]);
  return {
    start: (args: Args) => {
      start.mutate(args);
    },
    /** A task is being started or still runs: a second one waits. */
    busy: start.isPending || (taskId !== null && !isTaskFinished(task)),
    task,
  };
}
