import type { Report } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { notifySuccess } from '../../../lib/notify';
import { useDeleteReport } from '../api/delete-report';

interface DeleteReportModalProps {
  report: Report | undefined;
  onClose: () => void;
  onDeleted: () => void;
}

/** `deleteReport`: confirm, delete, toast, close. */
export function DeleteReportModal({ report, onClose, onDeleted }: DeleteReportModalProps) {
  const { t } = useTranslation();
  const remove = useDeleteReport();
  return (
    <ConfirmModal
      name="deleteReport"
      opened={report !== undefined}
      title={t('reports.delete.title')}
      confirmLabel={t('reports.delete.confirm')}
      danger
      loading={remove.isPending}
      onClose={onClose}
      onConfirm={() => {
        if (!report) return;
        remove.mutate(report.id, {
          onSuccess: () => {
            notifySuccess(t('reports.deleted'));
            onClose();
            onDeleted();
          },
        });
      }}
    >
      {t('reports.delete.text', { name: report?.name ?? '' })}
    </ConfirmModal>
  );
}
