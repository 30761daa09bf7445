import { useMutation, useQuery } from '@tanstack/react-query';
import { downloadReply, taskReply, type AlarmReportMonths, type Task } from '@vigil/contracts';
import { useEffect, useRef, useState } from 'react';
import { api } from './api-client';
import { sharedKeys } from './query-keys';

/** The spec's poll of an export task: every 5 s until it is completed (spec monitoring 9). */
export const alarmTaskPollMs = 5000;

export type AlarmReportFormat = 'csv' | 'pdf';

/** The last `months` months up to `now`. */
export function reportRange(months: AlarmReportMonths, now = new Date()) {
  const start = new Date(now);
  start.setMonth(start.getMonth() - months);
  return { startTime: start.toISOString(), endTime: now.toISOString() };
}

const finished = (task: Task | undefined) =>
  task?.status === 'completed' || task?.status === 'failed';

/** What an alarm report covers: a range, and the alarm events page's filters when set there. */
export interface AlarmReportRequest {
  startTime: string;
  endTime: string;
  state?: string;
  deviceId?: string;
  locationId?: string;
}

/** GET /api/alarms/downloadAlarmPDF|downloadAlarmCSV?startTime&endTime&timezone[&filters]. */
export const startAlarmDownload = ({
  format,
  request,
}: {
  format: AlarmReportFormat;
  request: AlarmReportRequest;
}) =>
  api.get(
    format === 'pdf' ? '/api/alarms/downloadAlarmPDF' : '/api/alarms/downloadAlarmCSV',
    downloadReply,
    {
      query: {
        ...Object.fromEntries(Object.entries(request).filter(([, value]) => value)),
        timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      },
    },
  );

/**
 * An alarm report: started, its task polled every 5 s, and its url opened in a new tab once
 * the file is built (the link serves it from then on).
 */
export function useAlarmDownload() {
  const [pending, setPending] = useState<{ taskId: string; url: string } | null>(null);
  const opened = useRef(new Set<string>());
  const start = useMutation({
    mutationFn: startAlarmDownload,
    onSuccess: (reply) => {
      setPending(reply);
    },
  });
  const taskId = pending?.taskId ?? null;
  const poll = useQuery({
    queryKey: [...sharedKeys.alarmViews, 'reportTask', taskId],
    queryFn: ({ signal }) =>
      api.get(`/api/tasks/${encodeURIComponent(taskId ?? '')}`, taskReply, {
        signal,
        silent: true,
      }),
    enabled: taskId !== null,
    retry: false,
    refetchInterval: (query) => (finished(query.state.data) ? false : alarmTaskPollMs),
    refetchIntervalInBackground: true,
  });
  const task = taskId === null ? undefined : poll.data;
  useEffect(() => {
    if (!pending || task?.status !== 'completed' || opened.current.has(pending.taskId)) return;
    opened.current.add(pending.taskId);
    window.open(pending.url, '_blank', 'noopener');
  }, [pending, task]);
  return {
    start: (format: AlarmReportFormat, request: AlarmReportRequest) => {
      start.mutate({ format, request });
    },
    busy: start.isPending || (taskId !== null && !finished(task)),
    failed: task?.status === 'failed',
  };
}
