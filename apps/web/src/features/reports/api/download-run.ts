import { useMutation } from '@tanstack/react-query';
import { reportDownloadReply } from '@vigil/contracts';
import { api } from '../../../lib/api-client';

/**
 * GET /api/reports/{id}/runs/{runId}/download — a signed link (an hour) to the kept file,
 * then handed to the browser, which downloads it under the report's file name.
 */
export async function downloadRun({ reportId, runId }: { reportId: string; runId: string }) {
  const link = await api.get(
    `/api/reports/${encodeURIComponent(reportId)}/runs/${encodeURIComponent(runId)}/download`,
    reportDownloadReply,
  );
  const anchor = document.createElement('a');
  anchor.href = link.url;
  anchor.download = link.fileName;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  return link;
}

export function useDownloadRun() {
  return useMutation({ mutationFn: downloadRun });
}
