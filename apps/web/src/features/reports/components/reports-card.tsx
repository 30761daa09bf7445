import { Button, Center, Group, Loader, SegmentedControl, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { Report, ReportType } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { PaginationBar } from '../../../components/pagination-bar';
import { RefreshButton } from '../../../components/refresh-button';
import { formatDate } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import type { useReports } from '../api/list-reports';
import { useSendReport } from '../api/send-report';
import { ReportsTable, type ReportRowHandlers } from './reports-table';
import { codeOfType, typeByCode } from './use-report-type';

/** The owner's header buttons: add an optional or an environment report. */
export function AddReportButtons({ onAdd }: { onAdd: (type: ReportType) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <Button
        variant="light"
        leftSection={<IconPlus size={18} />}
        onClick={() => {
          onAdd('optional');
        }}
      >
        {t('reports.addOptional')}
      </Button>
      <Button
        leftSection={<IconPlus size={18} />}
        onClick={() => {
          onAdd('normal');
        }}
      >
        {t('reports.addEnvironment')}
      </Button>
    </>
  );
}

interface ReportsCardHeaderProps {
  type: ReportType;
  onTypeChange: (type: ReportType) => void;
  onRefresh: () => void;
}

/** The card's title, the report type switch and the refresh button. */
export function ReportsCardHeader({ type, onTypeChange, onRefresh }: ReportsCardHeaderProps) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" mb="md" gap="sm" wrap="wrap">
      <Title order={2} fz="lg">
        {t('reports.card')}
      </Title>
      <Group gap="sm" wrap="nowrap">
        <SegmentedControl
          aria-label={t('reports.type')}
          data={[
            { value: codeOfType.normal, label: t('reports.types.normal') },
            { value: codeOfType.optional, label: t('reports.types.optional') },
          ]}
          value={codeOfType[type]}
          onChange={(code) => {
            onTypeChange(typeByCode[code] ?? 'normal');
          }}
        />
        <RefreshButton label={t('reports.refresh')} onRefresh={onRefresh} />
      </Group>
    </Group>
  );
}

/** Sends a report's last complete period now and says which days it covered. */
function useSendReportNow() {
  const { t } = useTranslation();
  const send = useSendReport();
  return (report: Report) => {
    send.mutate(report.id, {
      onSuccess: (run) => {
        // The period's last day: its end is the next period's first instant.
        const lastDay = new Date(Date.parse(run.periodEnd) - 1).toISOString();
        notifySuccess(
          t('reports.sent', {
            name: report.name,
            from: formatDate(run.periodStart, report.timezone),
            to: formatDate(lastDay, report.timezone),
          }),
        );
      },
    });
  };
}

interface ReportsListProps extends Omit<ReportRowHandlers, 'onSend'> {
  type: ReportType;
  reports: ReturnType<typeof useReports>;
  onPageChange: (page: number) => void;
}

/** The loader, the error, the empty text, or the page of reports with its pagination. */
export function ReportsList({ type, reports, onPageChange, ...handlers }: ReportsListProps) {
  const { t } = useTranslation();
  const sendNow = useSendReportNow();
  const rows = reports.data?.list ?? [];
  if (reports.isPending) {
    return (
      <Center py="xl" role="status">
        <Loader size="sm" />
        <Text ml="sm">{t('app.loading')}</Text>
      </Center>
    );
  }
  if (reports.isError && rows.length === 0) {
    return (
      <Text c="red" ta="center" py="xl" role="alert">
        {t('errors.somethingWentWrong')}
      </Text>
    );
  }
  if (rows.length === 0 || !reports.data) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {t(`reports.empty.${type}`)}
      </Text>
    );
  }
  return (
    <>
      <ReportsTable type={type} reports={rows} {...handlers} onSend={sendNow} />
      <PaginationBar
        pagination={reports.data.meta.pagination}
        onPageChange={onPageChange}
        summary={({ from, to, total }) => t('reports.showing', { from, to, total })}
      />
    </>
  );
}
