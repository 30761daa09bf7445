import { messages, type Report, type ReportType } from '@vigil/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldErrors } from '../../../lib/field-errors';
import { notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useSaveReport } from '../api/save-report';
import { draftIssues, reportDraft, reportPayload, type ReportDraft } from '../report-form-values';

/** The payload fields this form shows a message under. */
const reportFields = ['name', 'timezone', 'users', 'devices'] as const;

/** The report form's errors, by payload field. */
export type ReportFieldErrors = ReturnType<typeof useFieldErrors<(typeof reportFields)[number]>>;

/** The report's draft, its validation (owners' user list included) and the save. */
export function useReportForm(type: ReportType, report: Report | undefined, onSaved: () => void) {
  const { t } = useTranslation();
  const session = useSession();
  // Spec monitoring 5: only an account owner sees the user selector.
  const canPickUsers = session?.role === 'super_user';
  const [draft, setDraft] = useState<ReportDraft>(() => reportDraft(type, report));
  const errors = useFieldErrors(reportFields);
  const save = useSaveReport();
  const patch = (changes: Partial<ReportDraft>) => {
    setDraft((current) => ({ ...current, ...changes }));
  };

  const submit = (event: React.SyntheticEvent) => {
    event.preventDefault();
    const issues = draftIssues(draft, { canPickUsers });
    const passes = errors.show(
      issues.map((issue) => ({ path: issue.field, message: messages[issue.code] })),
    );
    if (!passes) return;
    save.mutate(
      { id: report?.id, body: reportPayload(draft) },
      {
        onSuccess: () => {
          notifySuccess(report ? t('reports.saved') : t('reports.added'));
          onSaved();
        },
        onError: errors.serverError,
      },
    );
  };
  return { canPickUsers, draft, patch, errors, saving: save.isPending, submit };
}
