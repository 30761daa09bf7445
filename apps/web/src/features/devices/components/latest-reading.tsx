import { Text } from '@mantine/core';
import type { Reading, TemperatureUnit } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { formatTemperature } from '../../../lib/temperature';

/** The temperature a device reports: a thermocouple node (Node_Type 1) reports `thermo`. */
export function readingTemperature(reading: Reading): number | null {
  return reading.t ?? reading.thermo ?? reading.sht_t;
}

/** The newest reading's temperature (account unit) and humidity, or N/A. */
export function LatestReading({
  reading,
  unit,
}: {
  reading: Reading | null;
  unit: TemperatureUnit;
}) {
  const { t } = useTranslation();
  const temperature = reading ? readingTemperature(reading) : null;
  const humidity = reading?.h ?? reading?.sht_rh ?? null;
  const parts = [
    temperature === null ? null : formatTemperature(temperature, unit, { digits: 2 }),
    humidity === null ? null : `${humidity.toFixed(1)} %`,
  ].filter((part) => part !== null);
  return (
    <Text fz="sm" fw={parts.length > 0 ? 600 : undefined} style={{ whiteSpace: 'nowrap' }}>
      {parts.length > 0 ? parts.join(' · ') : t('common.notAvailable')}
    </Text>
  );
}
