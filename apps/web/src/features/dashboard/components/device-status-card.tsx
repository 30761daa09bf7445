import { Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { TemperatureUnit } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { useDeviceStatus } from '../api/get-device-status';
import { readingTiles, type TileValue } from './reading-tiles';
import { StatTile } from './stat-tile';

interface DeviceStatusCardProps {
  deviceId: string | null;
  deviceName: string | undefined;
  unit: TemperatureUnit;
  compact: boolean;
}

/** Device status: the latest readings of the selected device, updated live. */
export function DeviceStatusCard({ deviceId, deviceName, unit, compact }: DeviceStatusCardProps) {
  const { t } = useTranslation();
  const status = useDeviceStatus(deviceId);
  if (!deviceId) return <Text c="dimmed">{t('dashboard.deviceStatus.noDevice')}</Text>;
  const state = status.data;
  const shown = (value: TileValue) => {
    if (value === null) return t('common.notAvailable');
    return 'text' in value ? value.text : t(`dashboard.deviceStatus.values.${value.key}`);
  };
  const online = state?.status === 'active';
  return (
    <Stack gap="sm" aria-busy={status.isPending}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text fw={600} lineClamp={1}>
          {deviceName ?? ''}
        </Text>
        {state && (
          <Badge color={online ? 'teal' : 'red'} variant="light" data-testid="device-online">
            {online ? t('connection.online') : t('connection.offline')}
          </Badge>
        )}
      </Group>
      {state && (
        <SimpleGrid type="container" cols={{ base: 2, '360px': 3, '560px': 4 }} spacing="xs">
          {readingTiles(state.latest, unit).map((tile) => (
            <StatTile
              key={tile.key}
              label={t(`dashboard.deviceStatus.tiles.${tile.key}`)}
              value={shown(tile.value)}
              compact={compact}
            />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
