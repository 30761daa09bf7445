import { Badge, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface FirmwareCellProps {
  lastVersion: string | null;
  newVersion: string | null;
  /** The gateway's report on its latest over-the-air update of this firmware. */
  otaStatus: string | null;
}

/** One firmware of a gateway: installed version, the one available, and the OTA status. */
export function FirmwareCell({ lastVersion, newVersion, otaStatus }: FirmwareCellProps) {
  const { t } = useTranslation();
  const outdated = newVersion !== null && newVersion !== lastVersion;
  return (
    <Stack gap={2} align="flex-start">
      <Text fz="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
        {lastVersion ?? t('common.notAvailable')}
      </Text>
      {outdated && (
        <Text fz="xs" c="orange" fw={600} style={{ whiteSpace: 'nowrap' }}>
          {t('gateways.firmware.newVersion', { version: newVersion })}
        </Text>
      )}
      {otaStatus && (
        <Badge size="xs" variant="light" color="gray" radius="sm" tt="none">
          {t('gateways.firmware.ota', { status: otaStatus })}
        </Badge>
      )}
    </Stack>
  );
}
