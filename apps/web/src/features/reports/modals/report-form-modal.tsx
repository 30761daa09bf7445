import {
  Button,
  Checkbox,
  Divider,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
  Title,
} from '@mantine/core';
import {
  messages,
  reportFormats,
  reportFrequencies,
  reportNameLength,
  reportSorts,
  type Report,
  type ReportFrequency,
  type ReportType,
} from '@vigil/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldErrors } from '../../../lib/field-errors';
import { notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useDeviceOptions, useUserOptions } from '../api/form-options';
import { useSaveReport } from '../api/save-report';
import { MembersField } from '../components/members-field';
import {
  draftIssues,
  metricFlags,
  nameIssue,
  reportDraft,
  reportPayload,
  utcOffset,
  type MetricFlag,
  type ReportDraft,
} from '../report-form-values';

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

/** The payload fields this form shows a message under. */
const reportFields = ['name', 'timezone', 'users', 'devices'] as const;

const zones = (current: string): string[] => {
  const supported = Intl.supportedValuesOf('timeZone');
  const extra = ['Etc/UTC', current].filter((zone) => zone && !supported.includes(zone));
  return [...extra, ...supported];
};

function ReportForm({
  type,
  report,
  onClose,
  onSaved,
}: Omit<ReportFormModalProps, 'type'> & { type: ReportType }) {
  const { t } = useTranslation();
  const session = useSession();
  // Spec monitoring 5: only an account owner sees the user selector.
  const canPickUsers = session?.role === 'super_user';
  const devices = useDeviceOptions(session?.userId ?? '');
  const people = useUserOptions(canPickUsers);
  const [draft, setDraft] = useState<ReportDraft>(() => reportDraft(type, report));
  const errors = useFieldErrors(reportFields);
  const save = useSaveReport();
  const timezones = useMemo(() => zones(draft.timezone), [draft.timezone]);
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

  const flagLabel = (flag: MetricFlag) => t(`reports.form.metrics.${flag}`);
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('reports.form.name')}
          required
          maxLength={reportNameLength.max}
          data-autofocus
          value={draft.name}
          error={errors.error('name')}
          onChange={(event) => {
            patch({ name: event.currentTarget.value });
            if (errors.error('name')) {
              const issue = nameIssue(event.currentTarget.value);
              errors.set('name', issue && messages[issue]);
            }
          }}
        />
        <Checkbox.Group
          label={t('reports.form.contents')}
          value={metricFlags[type].filter((flag) => draft.flags[flag])}
          onChange={(checked) => {
            patch({
              flags: Object.fromEntries(
                metricFlags[type].map((flag) => [flag, checked.includes(flag)]),
              ),
            });
          }}
        >
          <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="xs" mt={6}>
            {metricFlags[type].map((flag) => (
              <Checkbox key={flag} value={flag} label={flagLabel(flag)} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <Divider />
        <Title order={3} fz="md">
          {t('reports.form.schedule')}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            label={t('reports.form.frequency')}
            allowDeselect={false}
            data={reportFrequencies.map((frequency) => ({
              value: String(frequency),
              label: t(`reports.form.frequencies.${frequency}`),
            }))}
            value={String(draft.frequency)}
            onChange={(value) => {
              patch({ frequency: Number(value ?? 1) as ReportFrequency });
            }}
          />
          <Select
            label={t('reports.form.timezone')}
            description={t('reports.form.offset', { offset: utcOffset(draft.timezone) })}
            required
            searchable
            allowDeselect={false}
            data={timezones}
            limit={100}
            value={draft.timezone}
            error={errors.error('timezone')}
            onChange={(value) => {
              patch({ timezone: value ?? '' });
              errors.clear('timezone');
            }}
          />
          <Select
            label={t('reports.form.format')}
            allowDeselect={false}
            data={reportFormats.map((format) => ({
              value: String(format),
              label: t(`reports.form.formats.${format}`),
            }))}
            value={String(draft.format)}
            onChange={(value) => {
              patch({ format: Number(value ?? 0) });
            }}
          />
          <Select
            label={t('reports.form.sortBy')}
            allowDeselect={false}
            data={reportSorts.map((sort) => ({
              value: String(sort),
              label: t(`reports.form.sorts.${sort}`),
            }))}
            value={String(draft.sortBy)}
            onChange={(value) => {
              patch({ sortBy: Number(value ?? 1) });
            }}
          />
        </SimpleGrid>
        <Group gap="xl" wrap="wrap">
          <Switch
            label={t('reports.form.enable')}
            checked={draft.enable}
            onChange={(event) => {
              patch({ enable: event.currentTarget.checked });
            }}
          />
          <Switch
            label={t('reports.form.adminEnable')}
            checked={draft.adminEnable}
            onChange={(event) => {
              patch({ adminEnable: event.currentTarget.checked });
              errors.clear('users');
            }}
          />
        </Group>
        <Divider />
        <SimpleGrid cols={{ base: 1, sm: canPickUsers ? 2 : 1 }} spacing="md">
          <MembersField
            kind="device"
            label={t('reports.form.devices')}
            placeholder={t('reports.form.addDevice')}
            emptyText={t('reports.form.noDevices')}
            nothingFound={t('reports.form.nothingFound')}
            removeLabel={(member) => t('reports.form.remove', { name: member.label })}
            required
            loading={devices.isPending}
            options={(devices.data?.list ?? []).map((device) => ({
              id: device.id,
              label: device.name,
            }))}
            value={draft.devices}
            error={errors.error('devices')}
            onChange={(list) => {
              patch({ devices: list });
              errors.clear('devices');
            }}
          />
          {canPickUsers && (
            <MembersField
              kind="user"
              label={t('reports.form.users')}
              placeholder={t('reports.form.addUser')}
              emptyText={t('reports.form.noUsers')}
              nothingFound={t('reports.form.nothingFound')}
              removeLabel={(member) => t('reports.form.remove', { name: member.label })}
              loading={people.isPending}
              options={(people.data ?? []).map((person) => ({
                id: person.id,
                label: person.name,
                email: person.email,
              }))}
              value={draft.users}
              error={errors.error('users')}
              onChange={(list) => {
                patch({ users: list });
                errors.clear('users');
              }}
            />
          )}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('reports.form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
