import { Button, Group, Radio, Stack } from '@mantine/core';
import type { TemperatureUnit } from '@vigil/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import { useFieldErrors } from '../../../lib/field-errors';
import { notifySuccess } from '../../../lib/notify';
import { useAccountSettings } from '../api/get-account-settings';
import { useUpdateTemperatureUnit } from '../api/update-account-settings';

/** Celsius or Fahrenheit for the whole account. */
export function TemperatureTab({ canEdit }: { canEdit: boolean }) {
  const settings = useAccountSettings();
  if (!settings.data) return <PageLoader />;
  return <TemperatureForm current={settings.data.temperatureUnit} canEdit={canEdit} />;
}

function TemperatureForm({ current, canEdit }: { current: TemperatureUnit; canEdit: boolean }) {
  const { t } = useTranslation();
  const [unit, setUnit] = useState<TemperatureUnit>(current);
  const update = useUpdateTemperatureUnit();
  const errors = useFieldErrors(['temperatureUnit']);
  const labels = {
    C: t('settings.temperature.celsius'),
    F: t('settings.temperature.fahrenheit'),
  };
  const save = () => {
    update.mutate(unit, {
      onSuccess: () => {
        notifySuccess(t('settings.temperature.success', { unit: labels[unit] }));
      },
      onError: errors.serverError,
    });
  };
  return (
    <Stack gap="lg">
      <Radio.Group
        label={t('settings.temperature.label')}
        description={t('settings.temperature.description')}
        value={unit}
        error={errors.error('temperatureUnit')}
        onChange={(value) => {
          setUnit(value === 'F' ? 'F' : 'C');
          errors.clear('temperatureUnit');
        }}
      >
        <Stack gap="sm" mt="sm">
          <Radio
            value="C"
            label={labels.C}
            description={t('settings.temperature.celsiusSymbol')}
            disabled={!canEdit}
          />
          <Radio
            value="F"
            label={labels.F}
            description={t('settings.temperature.fahrenheitSymbol')}
            disabled={!canEdit}
          />
        </Stack>
      </Radio.Group>
      {canEdit && (
        <Group justify="flex-end">
          <Button onClick={save} loading={update.isPending} disabled={unit === current}>
            {t('settings.temperature.submit')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
