import { Select } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useGatewayOptions } from '../api/list-gateway-options';
import type { DeviceFormHandle } from './device-form-schema';
import { defaultTimezone } from './device-form-schema';
import { LocationField } from './location-field';

interface PlacementProps {
  form: DeviceFormHandle;
  ownUserId: string;
}

/** Every IANA zone this browser knows, the default first. */
function timezoneOptions(current: string): string[] {
  const zones = Intl.supportedValuesOf('timeZone').filter((zone) => zone !== defaultTimezone);
  const listed = [defaultTimezone, ...zones];
  return listed.includes(current) ? listed : [current, ...listed];
}

/** Gateway, location and timezone: where the device is and how its times read. */
export function DevicePlacementFields({ form, ownUserId }: PlacementProps) {
  const { t } = useTranslation();
  const gateways = useGatewayOptions(ownUserId);
  const gatewayData = (gateways.data ?? []).map((gateway) => ({
    value: gateway.id,
    label: `${gateway.name} (${gateway.gatewayId})`,
  }));
  const timezone = form.values.timezone;
  const timezones = useMemo(() => timezoneOptions(timezone), [timezone]);
  return (
    <>
      <Select
        label={t('devices.form.gateway')}
        placeholder={t('devices.form.noGateway')}
        description={t('devices.form.gatewayDescription')}
        data={gatewayData}
        searchable
        clearable
        nothingFoundMessage={t('devices.form.noGateways')}
        {...form.getInputProps('gatewayId')}
      />
      <LocationField form={form} ownUserId={ownUserId} />
      <Select
        label={t('devices.form.timezone')}
        data={timezones}
        searchable
        allowDeselect={false}
        limit={100}
        nothingFoundMessage={t('devices.form.noTimezone')}
        {...form.getInputProps('timezone')}
      />
    </>
  );
}
