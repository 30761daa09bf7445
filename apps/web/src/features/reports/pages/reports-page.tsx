import { Button, Center, Group, Loader, Paper, SegmentedControl, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { Report, ReportType } from '@vigil/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { PageHeader } from '../../../components/page-header';
import { PaginationBar } from '../../../components/pagination-bar';
import { RefreshButton } from '../../../components/refresh-button';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useDeleteReport } from '../api/delete-report';
import { reportKeys } from '../api/keys';
import { useReports } from '../api/list-reports';
import { useSendReport } from '../api/send-report';
import { ReportsTable } from '../components/reports-table';
import { codeOfType, typeByCode, useReportType } from '../components/use-report-type';
import { ReportFormModal } from '../modals/report-form-modal';
import { ReportRunsModal } from '../modals/report-runs-modal';
import { formatDate } from '../../../lib/format';

/**
 * /reports: the account's scheduled reports of one type (remembered locally), 10 a page.
 * Owners add, edit, send and delete them; everyone may download the runs they receive.
 */
export default function ReportsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const owner = useSession()?.role === 'super_user';
  const [type, setType] = useReportType();
  const [page, setPage] = useState(1);
  const reports = useReports(type, page);
  const [form, setForm] = useState<{ type: ReportType; report?: Report } | null>(null);
  const [deleting, setDeleting] = useState<Report | undefined>();
  const [runsOf, setRunsOf] = useState<Report | undefined>();
  const remove = useDeleteReport();
  const send = useSendReport();
  const rows = reports.data?.list ?? [];

  // Spec monitoring 8: a failed report list shows 'something went wrong'.
  useEffect(() => {
    if (reports.isError) notifyError(t('errors.somethingWentWrong'));
  }, [reports.isError, reports.errorUpdatedAt, t]);

  const reload = () => {
    setPage(1);
    void queryClient.invalidateQueries({ queryKey: reportKeys.lists });
  };

  return (
    <>
      <PageHeader
        title={t('reports.title')}
        subtitle={t('reports.subtitle')}
        actions={
          owner && (
            <>
              <Button
                variant="light"
                leftSection={<IconPlus size={18} />}
                onClick={() => {
                  setForm({ type: 'optional' });
                }}
              >
                {t('reports.addOptional')}
              </Button>
              <Button
                leftSection={<IconPlus size={18} />}
                onClick={() => {
                  setForm({ type: 'normal' });
                }}
              >
                {t('reports.addEnvironment')}
              </Button>
            </>
          )
        }
      />
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
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
                setType(typeByCode[code] ?? 'normal');
                setPage(1);
              }}
            />
            <RefreshButton label={t('reports.refresh')} onRefresh={reload} />
          </Group>
        </Group>
        {reports.isPending ? (
          <Center py="xl" role="status">
            <Loader size="sm" />
            <Text ml="sm">{t('app.loading')}</Text>
          </Center>
        ) : reports.isError && rows.length === 0 ? (
          <Text c="red" ta="center" py="xl" role="alert">
            {t('errors.somethingWentWrong')}
          </Text>
        ) : rows.length === 0 || !reports.data ? (
          <Text c="dimmed" ta="center" py="xl">
            {t(`reports.empty.${type}`)}
          </Text>
        ) : (
          <>
            <ReportsTable
              type={type}
              reports={rows}
              onEdit={(report) => {
                setForm({ type: report.type, report });
              }}
              onDelete={setDeleting}
              onRuns={setRunsOf}
              onSend={(report) => {
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
              }}
            />
            <PaginationBar
              pagination={reports.data.meta.pagination}
              onPageChange={setPage}
              summary={({ from, to, total }) => t('reports.showing', { from, to, total })}
            />
          </>
        )}
      </Paper>
      <ReportFormModal
        type={form?.type ?? null}
        report={form?.report}
        onClose={() => {
          setForm(null);
        }}
        onSaved={() => {
          setForm(null);
          reload();
        }}
      />
      <ReportRunsModal
        report={runsOf}
        onClose={() => {
          setRunsOf(undefined);
        }}
      />
      <ConfirmModal
        name="deleteReport"
        opened={deleting !== undefined}
        title={t('reports.delete.title')}
        confirmLabel={t('reports.delete.confirm')}
        danger
        loading={remove.isPending}
        onClose={() => {
          setDeleting(undefined);
        }}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              notifySuccess(t('reports.deleted'));
              setDeleting(undefined);
              reload();
            },
          });
        }}
      >
        {t('reports.delete.text', { name: deleting?.name ?? '' })}
      </ConfirmModal>
    </>
  );
}
