import { Button, Checkbox, Group, Select, Stack, Switch, Text } from '@mantine/core';
import {
  accountOfflineFrequencies,
  offlineMaxAlarms,
  type OfflineAlarmSettings,
} from '@vigil/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import { useFieldErrors } from '../../../lib/field-errors';
import { notifySuccess } from '../../../lib/notify';
import { useOfflineAlarmSettings } from '../api/get-offline-alarm-settings';
import { useUpdateOfflineAlarmSettings } from '../api/update-offline-alarm-settings';

type Frequency = OfflineAlarmSettings['alarmFrequency'];

const defaultFrequency: Frequency = 60;

const toFrequency = (value: string | null): Frequency =>
  accountOfflineFrequencies.find((minutes) => String(minutes) === value) ?? defaultFrequency;

/** Offline alarms of the account: on/off, one time or repeating, and how often. */
export function OfflineAlarmsTab({ canEdit }: { canEdit: boolean }) {
  const settings = useOfflineAlarmSettings();
  if (!settings.data) return <PageLoader />;
  return <OfflineAlarmsForm current={settings.data} canEdit={canEdit} />;
}

/** The payload fields this form shows a message under. */
const offlineFields = ['offlineAlarmEnable', 'maxAlarms', 'alarmFrequency'] as const;

const settingsOf = (enabled: boolean, oneTime: boolean, frequency: Frequency) => ({
  offlineAlarmEnable: enabled ? (1 as const) : (0 as const),
  maxAlarms: oneTime ? offlineMaxAlarms.oneTime : offlineMaxAlarms.repeating,
  alarmFrequency: frequency,
});

interface FormProps {
  current: OfflineAlarmSettings;
  canEdit: boolean;
}

/** The three settings as edited, their errors, and the save. */
function useOfflineAlarmsForm(current: OfflineAlarmSettings) {
  const { t } = useTranslation();
  const update = useUpdateOfflineAlarmSettings();
  const [enabled, setEnabled] = useState(current.offlineAlarmEnable === 1);
  const [oneTime, setOneTime] = useState(current.maxAlarms === offlineMaxAlarms.oneTime);
  const [frequency, setFrequency] = useState<Frequency>(current.alarmFrequency);
  const errors = useFieldErrors(offlineFields);
  const save = () => {
    update.mutate(settingsOf(enabled, oneTime, frequency), {
      onSuccess: () => {
        notifySuccess(t('settings.offline.success'));
      },
      onError: errors.serverError,
    });
  };
  const fields = { enabled, setEnabled, oneTime, setOneTime, frequency, setFrequency };
  return { ...fields, errors, save, saving: update.isPending };
}

function OfflineAlarmsForm({ current, canEdit }: FormProps) {
  const { t } = useTranslation();
  const form = useOfflineAlarmsForm(current);
  const { enabled, setEnabled, oneTime, setOneTime, frequency, setFrequency, errors } = form;
  return (
    <Stack gap="lg">
      <Text fz="sm" c="dimmed">
        {t('settings.offline.intro')}
      </Text>
      <Switch
        label={t('settings.offline.enable')}
        description={t('settings.offline.enableDescription')}
        checked={enabled}
        disabled={!canEdit}
        error={errors.error('offlineAlarmEnable')}
        onChange={(event) => {
          setEnabled(event.currentTarget.checked);
          errors.clear('offlineAlarmEnable');
        }}
      />
      <Checkbox
        label={t('settings.offline.oneTime')}
        description={t('settings.offline.oneTimeDescription')}
        checked={oneTime}
        disabled={!canEdit || !enabled}
        error={errors.error('maxAlarms')}
        onChange={(event) => {
          setOneTime(event.currentTarget.checked);
          errors.clear('maxAlarms');
        }}
      />
      <Select
        label={t('settings.offline.frequency')}
        data={accountOfflineFrequencies.map((minutes) => ({
          value: String(minutes),
          label: t(`settings.offline.frequencies.${minutes}`),
        }))}
        allowDeselect={false}
        value={String(frequency)}
        disabled={!canEdit || !enabled || oneTime}
        error={errors.error('alarmFrequency')}
        onChange={(value) => {
          setFrequency(toFrequency(value));
          errors.clear('alarmFrequency');
        }}
        comboboxProps={{ withinPortal: true }}
      />
      {canEdit && (
        <Group justify="flex-end">
          <Button onClick={form.save} loading={form.saving}>
            {t('settings.offline.submit')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
