import { Checkbox, Group, Select, SimpleGrid, Switch, TextInput } from '@mantine/core';
import {
  messages,
  reportFormats,
  reportFrequencies,
  reportNameLength,
  reportSorts,
  type ReportFrequency,
  type ReportType,
} from '@vigil/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session';
import { useDeviceOptions, useUserOptions } from '../api/form-options';
import {
  metricFlags,
  nameIssue,
  utcOffset,
  type MetricFlag,
  type ReportDraft,
} from '../report-form-values';
import { MembersField } from './members-field';
import type { ReportFieldErrors } from './use-report-form';

export interface ReportFieldsProps {
  draft: ReportDraft;
  patch: (changes: Partial<ReportDraft>) => void;
  errors: ReportFieldErrors;
}

const zones = (current: string): string[] => {
  const supported = Intl.supportedValuesOf('timeZone');
  const extra = ['Etc/UTC', current].filter((zone) => zone && !supported.includes(zone));
  return [...extra, ...supported];
};

/** The report's name; once it shows an error, the error follows the typing. */
export function ReportNameField({ draft, patch, errors }: ReportFieldsProps) {
  const { t } = useTranslation();
  return (
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
  );
}

/** The metrics the report contains, those of its type. */
export function ReportContentsField({
  type,
  draft,
  patch,
}: ReportFieldsProps & { type: ReportType }) {
  const { t } = useTranslation();
  const flagLabel = (flag: MetricFlag) => t(`reports.form.metrics.${flag}`);
  return (
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
  );
}

/** Frequency, timezone (with its UTC offset), format and sort order. */
export function ReportScheduleFields({ draft, patch, errors }: ReportFieldsProps) {
  const { t } = useTranslation();
  const timezones = useMemo(() => zones(draft.timezone), [draft.timezone]);
  return (
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
  );
}

/** Enabled, and whether the account's administrators receive it too. */
export function ReportSwitches({ draft, patch, errors }: ReportFieldsProps) {
  const { t } = useTranslation();
  return (
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
  );
}

/** The report's devices and (for an account owner) its users. */
export function ReportMembersFields(props: ReportFieldsProps & { canPickUsers: boolean }) {
  const { draft, patch, errors, canPickUsers } = props;
  const { t } = useTranslation();
  const session = useSession();
  const devices = useDeviceOptions(session?.userId ?? '');
  const people = useUserOptions(canPickUsers);
  const common = {
    nothingFound: t('reports.form.nothingFound'),
    removeLabel: (member: { label: string }) => t('reports.form.remove', { name: member.label }),
  };
  return (
    <SimpleGrid cols={{ base: 1, sm: canPickUsers ? 2 : 1 }} spacing="md">
      <MembersField
        kind="device"
        label={t('reports.form.devices')}
        placeholder={t('reports.form.addDevice')}
        emptyText={t('reports.form.noDevices')}
        {...common}
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
          {...common}
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
  );
}
