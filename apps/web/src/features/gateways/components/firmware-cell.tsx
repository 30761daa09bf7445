import { Progress, Stack, Text } from '@mantine/core';
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
  // 'downloading 50%': a bar while the gateway works on an update.
  const progress = /^(downloading|installing) (\d+)%$/.exec(otaStatus ?? '');
  const percent = progress ? Number(progress[2]) : undefined;
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
        <Text
          fz="xs"
          fw={600}
          c={otaStatus.startsWith('failed') ? 'red' : otaStatus === 'done' ? 'teal' : 'dimmed'}
          style={{ whiteSpace: 'nowrap' }}
        >
          {t('gateways.firmware.ota', { status: otaStatus })}
        </Text>
      )}
      {percent !== undefined && (
        <Progress
          value={percent}
          size="xs"
          w={96}
          aria-label={t('gateways.firmware.ota', { status: otaStatus })}
        />
      )}
    </Stack>
  );
}
