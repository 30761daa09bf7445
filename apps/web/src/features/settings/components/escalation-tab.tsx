import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { escalationMinutesChoices } from '@vigil/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import { useFieldErrors } from '../../../lib/field-errors';
import { notifySuccess } from '../../../lib/notify';
import { useAccountSettings } from '../api/get-account-settings';
import { useUpdateEscalationMinutes } from '../api/update-account-settings';

/** How long an alarm may stay unacknowledged before the account admins are told (owners only). */
export function EscalationTab() {
  const settings = useAccountSettings();
  if (!settings.data) return <PageLoader />;
  return <EscalationForm current={settings.data.escalationMinutes} />;
}

function EscalationForm({ current }: { current: number }) {
  const { t } = useTranslation();
  const update = useUpdateEscalationMinutes();
  const [minutes, setMinutes] = useState(current);
  const errors = useFieldErrors(['escalationMinutes']);
  const options = escalationMinutesChoices.map((value) => ({
    value: String(value),
    label: t(`settings.escalation.choices.${value}`),
  }));
  // A time set through the API outside the offered steps is still shown as it is.
  if (!options.some((option) => option.value === String(current)))
    options.push({
      value: String(current),
      label: t('settings.escalation.otherMinutes', { minutes: current }),
    });
  options.sort((a, b) => Number(a.value) - Number(b.value));
  const save = () => {
    update.mutate(minutes, {
      onSuccess: () => {
        notifySuccess(t('settings.escalation.success'));
      },
      onError: errors.serverError,
    });
  };
  return (
    <Stack gap="lg">
      <Text fz="sm" c="dimmed">
        {t('settings.escalation.intro')}
      </Text>
      <Select
        label={t('settings.escalation.label')}
        data={options}
        allowDeselect={false}
        value={String(minutes)}
        error={errors.error('escalationMinutes')}
        onChange={(value) => {
          if (value !== null) setMinutes(Number(value));
          errors.clear('escalationMinutes');
        }}
        comboboxProps={{ withinPortal: true }}
      />
      <Group justify="flex-end">
        <Button onClick={save} loading={update.isPending} disabled={minutes === current}>
          {t('settings.escalation.submit')}
        </Button>
      </Group>
    </Stack>
  );
}
