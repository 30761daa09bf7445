import { Paper } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { Report, ReportType } from '@vigil/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { notifyError } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { reportKeys } from '../api/keys';
import { useReports } from '../api/list-reports';
import { AddReportButtons, ReportsCardHeader, ReportsList } from '../components/reports-card';
import { useReportType } from '../components/use-report-type';
import { DeleteReportModal } from '../modals/delete-report-modal';
import { ReportFormModal } from '../modals/report-form-modal';
import { ReportRunsModal } from '../modals/report-runs-modal';

/** The reports of the chosen type, page by page; a failed list says so once per failure. */
function useReportsList() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [type, setType] = useReportType();
  const [page, setPage] = useState(1);
  const reports = useReports(type, page);

  // Spec monitoring 8: a failed report list shows 'something went wrong'.
  useEffect(() => {
    if (reports.isError) notifyError(t('errors.somethingWentWrong'));
  }, [reports.isError, reports.errorUpdatedAt, t]);

  const reload = () => {
    setPage(1);
    void queryClient.invalidateQueries({ queryKey: reportKeys.lists });
  };
  return { type, setType, setPage, reports, reload };
}

/**
 * /reports: the account's scheduled reports of one type (remembered locally), 10 a page.
 * Owners add, edit, send and delete them; everyone may download the runs they receive.
 */
export default function ReportsPage() {
  const { t } = useTranslation();
  const owner = useSession()?.role === 'super_user';
  const { type, setType, setPage, reports, reload } = useReportsList();
  const dialogs = useReportDialogs();
  const { setForm, setDeleting, setRunsOf } = dialogs;

  return (
    <>
      <PageHeader
        title={t('reports.title')}
        subtitle={t('reports.subtitle')}
        actions={
          owner && (
            <AddReportButtons
              onAdd={(added) => {
                setForm({ type: added });
              }}
            />
          )
        }
      />
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
        <ReportsCardHeader
          type={type}
          onTypeChange={(next) => {
            setType(next);
            setPage(1);
          }}
          onRefresh={reload}
        />
        <ReportsList
          type={type}
          reports={reports}
          onPageChange={setPage}
          onEdit={(report) => {
            setForm({ type: report.type, report });
          }}
          onDelete={setDeleting}
          onRuns={setRunsOf}
        />
      </Paper>
      <ReportDialogs dialogs={dialogs} reload={reload} />
    </>
  );
}

/** Which report the form, the runs and the delete confirmation are open for. */
function useReportDialogs() {
  const [form, setForm] = useState<{ type: ReportType; report?: Report } | null>(null);
  const [deleting, setDeleting] = useState<Report | undefined>();
  const [runsOf, setRunsOf] = useState<Report | undefined>();
  return { form, setForm, deleting, setDeleting, runsOf, setRunsOf };
}

interface ReportDialogsProps {
  dialogs: ReturnType<typeof useReportDialogs>;
  /** After an add, a change or a delete. */
  reload: () => void;
}

/** The report form (add or edit), the runs and the delete confirmation. */
function ReportDialogs({ dialogs, reload }: ReportDialogsProps) {
  const { form, setForm, deleting, setDeleting, runsOf, setRunsOf } = dialogs;
  return (
    <>
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
      <DeleteReportModal
        report={deleting}
        onClose={() => {
          setDeleting(undefined);
        }}
        onDeleted={reload}
      />
    </>
  );
}
