import { Badge, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { Report, ReportRun } from '@vigil/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import { PaginationBar } from '../../../components/pagination-bar';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useDownloadRun } from '../api/download-run';
import { useReportRuns } from '../api/list-report-runs';

const statusColors: Record<ReportRun['status'], string> = {
  queued: 'gray',
  building: 'blue',
  sent: 'teal',
  failed: 'red',
};

interface ReportRunsModalProps {
  report: Report | undefined;
  onClose: () => void;
}

/** `reportRuns` (medium): the report's kept runs, each downloadable again. */
export function ReportRunsModal({ report, onClose }: ReportRunsModalProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(report);
  if (report && report !== shown) setShown(report);
  return (
    <Modal
      opened={report !== undefined}
      onClose={onClose}
      size="md"
      title={t('reports.runs.title', { name: shown?.name ?? '' })}
      data-testid="reportRuns"
    >
      {report && <RunList key={report.id} report={report} />}
    </Modal>
  );
}

/** The period a run covers, in the report's timezone: its first and its last day. */
function periodOf(run: ReportRun, timeZone: string): string {
  const last = new Date(new Date(run.periodEnd).getTime() - 1).toISOString();
  const from = formatDate(run.periodStart, timeZone);
  const to = formatDate(last, timeZone);
  return from === to ? from : `${from} – ${to}`;
}

function RunList({ report }: { report: Report }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const runs = useReportRuns(report.id, page);
  const download = useDownloadRun();
  if (runs.isPending) return <PageLoader />;
  const list = runs.data?.list ?? [];
  if (list.length === 0 || !runs.data)
    return (
      <Text c="dimmed" py="md">
        {t('reports.runs.empty')}
      </Text>
    );
  return (
    <>
      <Stack
        component="ul"
        gap="xs"
        m={0}
        p={0}
        style={{ listStyle: 'none' }}
        data-testid="report-runs"
      >
        {list.map((run) => (
          <RunItem
            key={run.id}
            run={run}
            period={periodOf(run, report.timezone)}
            downloading={download.isPending && download.variables.runId === run.id}
            onDownload={() => {
              download.mutate({ reportId: report.id, runId: run.id });
            }}
          />
        ))}
      </Stack>
      {runs.data.meta.pagination.totalPages > 1 && (
        <PaginationBar pagination={runs.data.meta.pagination} onPageChange={setPage} />
      )}
    </>
  );
}

interface RunItemProps {
  run: ReportRun;
  period: string;
  downloading: boolean;
  onDownload: () => void;
}

/** One run: its period, status, how and when it was sent, its error, and its file. */
function RunItem({ run, period, downloading, onDownload }: RunItemProps) {
  const { t } = useTranslation();
  return (
    <Paper component="li" withBorder radius="md" px="sm" py="xs">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={2} miw={0}>
          <Group gap="xs" wrap="wrap">
            <Text fw={500} size="sm">
              {period}
            </Text>
            <Badge variant="light" color={statusColors[run.status]}>
              {t(`reports.runs.statuses.${run.status}`)}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            {run.manual ? t('reports.runs.manual') : t('reports.runs.scheduled')} ·{' '}
            {formatDateTime(run.sentAt ?? run.createdAt)}
          </Text>
          {run.status === 'failed' && run.error && (
            <Text size="xs" c="red">
              {run.error}
            </Text>
          )}
        </Stack>
        {run.hasFile && (
          <Button
            variant="light"
            size="compact-sm"
            leftSection={<IconDownload size={14} />}
            aria-label={t('reports.runs.downloadLabel', { period })}
            loading={downloading}
            onClick={onDownload}
          >
            {t('reports.runs.download')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
