import { Button, Divider, Group, Modal, Stack, Title } from '@mantine/core';
import type { Report, ReportType } from '@vigil/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ReportContentsField,
  ReportMembersFields,
  ReportNameField,
  ReportScheduleFields,
  ReportSwitches,
} from '../components/report-form-fields';
import { useReportForm } from '../components/use-report-form';

/** Spec monitoring 2: the modal names (kept as test ids) of the two report forms. */
export const reportModalNames: Record<ReportType, string> = {
  normal: 'addEditEnvironmentReport',
  optional: 'addEditOptionalReport',
};

interface ReportFormModalProps {
  /** The form's type, or null while closed. */
  type: ReportType | null;
  /** Edit mode with this report; add mode without. */
  report: Report | undefined;
  onClose: () => void;
  /** After a successful add or change (the modal is closed by the page). */
  onSaved: () => void;
}

/** `addEditEnvironmentReport` / `addEditOptionalReport` (large): a report in Add or Edit mode. */
export function ReportFormModal({ type, report, onClose, onSaved }: ReportFormModalProps) {
  const { t } = useTranslation();
  // The last type and mode stay while the modal animates out.
  const [shown, setShown] = useState({ type: type ?? 'normal', edit: report !== undefined });
  if (type !== null && (type !== shown.type || (report !== undefined) !== shown.edit))
    setShown({ type, edit: report !== undefined });
  const titles = {
    normal: shown.edit ? t('reports.form.editEnvironment') : t('reports.form.addEnvironment'),
    optional: shown.edit ? t('reports.form.editOptional') : t('reports.form.addOptional'),
  };
  return (
    <Modal
      opened={type !== null}
      onClose={onClose}
      size="xl"
      title={titles[shown.type]}
      data-testid={reportModalNames[shown.type]}
    >
      {type !== null && (
        <ReportForm
          key={report?.id ?? type}
          type={type}
          report={report}
          onClose={onClose}
          onSaved={onSaved}
        />
      )}
    </Modal>
  );
}

function ReportForm({
  type,
  report,
  onClose,
  onSaved,
}: Omit<ReportFormModalProps, 'type'> & { type: ReportType }) {
  const { t } = useTranslation();
  const { canPickUsers, draft, patch, errors, saving, submit } = useReportForm(
    type,
    report,
    onSaved,
  );
  const fields = { draft, patch, errors };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <ReportNameField {...fields} />
        <ReportContentsField type={type} {...fields} />
        <Divider />
        <Title order={3} fz="md">
          {t('reports.form.schedule')}
        </Title>
        <ReportScheduleFields {...fields} />
        <ReportSwitches {...fields} />
        <Divider />
        <ReportMembersFields canPickUsers={canPickUsers} {...fields} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('reports.form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
