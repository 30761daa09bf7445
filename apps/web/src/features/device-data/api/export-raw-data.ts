import { taskReply } from '@vigil/contracts';
import { api } from '../../../lib/api-client';
import { useExportTask } from '../../../lib/use-export-task';
import { browserTimezone, type TimeWindow } from '../ranges';

export type ExportFormat = 'csv' | 'pdf';

const taskKey = (taskId: string | null) => ['deviceData', 'task', taskId] as const;

/**
 * A raw-data export of one device (POST /api/tasks, type raw_data), polled every 5 s while it
 * runs (spec monitoring 4 and 9); when completed its result opens in a new tab.
 */
export function useRawDataExport(deviceId: string) {
  const exportTask = useExportTask({
    queryKey: taskKey,
    label: 'export task',
    start: async ({ format, window }: { format: ExportFormat; window: TimeWindow }) => {
      const task = await api.post('/api/tasks', taskReply, {
        body: {
          type: 'raw_data',
          deviceId,
          from: window.from.toISOString(),
          to: window.to.toISOString(),
          format,
          timezone: browserTimezone(),
        },
      });
      return { taskId: task.taskId, task };
    },
  });
  return {
    start: (format: ExportFormat, window: TimeWindow) => {
      exportTask.start({ format, window });
    },
    busy: exportTask.busy,
    task: exportTask.task,
  };
}
