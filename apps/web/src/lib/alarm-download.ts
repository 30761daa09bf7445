import { downloadReply, type AlarmReportMonths } from '@vigil/contracts';
import { api } from './api-client';
import { sharedKeys } from './query-keys';
import { useExportTask } from './use-export-task';

export type AlarmReportFormat = 'csv' | 'pdf';

/** The last `months` months up to `now`. */
export function reportRange(months: AlarmReportMonths, now = new Date()) {
  const start = new Date(now);
  start.setMonth(start.getMonth() - months);
  return { startTime: start.toISOString(), endTime: now.toISOString() };
}

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
  const download = useExportTask({
    queryKey: (taskId) => [...sharedKeys.alarmViews, 'reportTask', taskId],
    label: 'alarm report task',
    start: startAlarmDownload,
  });
  return {
    start: (format: AlarmReportFormat, request: AlarmReportRequest) => {
      download.start({ format, request });
    },
    busy: download.busy,
    failed: download.task?.status === 'failed',
  };
}
