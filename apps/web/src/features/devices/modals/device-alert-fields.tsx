import { Checkbox, Select, SimpleGrid } from '@mantine/core';
import { deviceOfflineFrequencies, equipmentTypes, ttlOptions } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { useTemperatureUnit } from '../../../lib/use-temperature-unit';
import { equipmentTypeLabel, type EquipmentType } from '../components/equipment-type';
import { frequencyLabel } from '../components/frequency';
import type { DeviceFormHandle } from './device-form-schema';

const isEquipmentType = (value: string | null): value is EquipmentType =>
  (equipmentTypes as readonly (string | null)[]).includes(value);

/**
 * Equipment, offline alerts and the water sensor. Spec platform 4: inactive equipment has no
 * offline alerts; the spill sensor reveals the inverted-signal option.
 */
export function DeviceAlertFields({ form }: { form: DeviceFormHandle }) {
  const { t } = useTranslation();
  const unit = useTemperatureUnit();
  const { equipmentStatus, offlineAlarmEnable, spillSensor } = form.values;
  const alertsOff = !equipmentStatus || !offlineAlarmEnable;
  return (
    <>
      <Select
        label={t('devices.form.equipmentType')}
        data={equipmentTypes.map((type) => ({
          value: type,
          label: equipmentTypeLabel(type, unit, t),
        }))}
        allowDeselect={false}
        value={form.values.equipmentType}
        onChange={(value) => {
          if (isEquipmentType(value)) form.setFieldValue('equipmentType', value);
        }}
      />
      <Checkbox
        label={t('devices.form.equipmentStatus')}
        description={t('devices.form.equipmentStatusDescription')}
        checked={equipmentStatus}
        onChange={(event) => {
          const active = event.currentTarget.checked;
          form.setValues(
            active
              ? { equipmentStatus: true }
              : { equipmentStatus: false, offlineAlarmEnable: false },
          );
        }}
      />
      <Checkbox
        label={t('devices.form.offlineAlarmEnable')}
        description={equipmentStatus ? undefined : t('devices.form.offlineAlarmEnableInactive')}
        disabled={!equipmentStatus}
        {...form.getInputProps('offlineAlarmEnable', { type: 'checkbox' })}
      />
      <OfflineTimingFields form={form} disabled={alertsOff} />
      <Checkbox
        label={t('devices.form.spillSensor')}
        description={t('devices.form.spillSensorDescription')}
        {...form.getInputProps('spillSensor', { type: 'checkbox' })}
      />
      {spillSensor && (
        <Checkbox
          label={t('devices.form.invertWaterSignal')}
          description={t('devices.form.invertWaterSignalDescription')}
          ml="xl"
          {...form.getInputProps('invertWaterSignal', { type: 'checkbox' })}
        />
      )}
    </>
  );
}

/** How often an offline device alerts, and after how long it counts as offline. */
function OfflineTimingFields({ form, disabled }: { form: DeviceFormHandle; disabled: boolean }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
      <Select
        label={t('devices.form.offlineAlarmFrequency')}
        description={t('devices.form.offlineAlarmFrequencyDescription')}
        data={deviceOfflineFrequencies.map((minutes) => ({
          value: String(minutes),
          label: frequencyLabel(minutes, t),
        }))}
        allowDeselect={false}
        disabled={disabled}
        {...form.getInputProps('offlineAlarmFrequency')}
      />
      <Select
        label={t('devices.form.ttl')}
        description={t('devices.form.ttlDescription')}
        data={ttlOptions.map((minutes) => ({
          value: String(minutes),
          label: t('devices.ttlAfter', { minutes }),
        }))}
        allowDeselect={false}
        disabled={disabled}
        {...form.getInputProps('ttl')}
      />
    </SimpleGrid>
  );
}
