import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { TemperatureUnit } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { DeviceStateBadge } from '../../../components/alarm-state-badge';
import { formatDateTime } from '../../../lib/format';
import { useDeviceStatus } from '../api/get-device-status';
import { deviceTiles, tileOfAlarm, type TileValue } from './reading-tiles';
import { StatTile } from './stat-tile';

interface DeviceStatusCardProps {
  deviceId: string | null;
  deviceName: string | undefined;
  unit: TemperatureUnit;
  compact: boolean;
}

/**
 * Device status: the selected device's state as a coloured badge (In alarm, Acknowledged, OK,
 * Offline, No data), the latest readings of the metrics its equipment type reports, the tile of a
 * metric in alarm highlighted; updated live.
 */
export function DeviceStatusCard({ deviceId, deviceName, unit, compact }: DeviceStatusCardProps) {
  const { t } = useTranslation();
  const status = useDeviceStatus(deviceId);
  if (!deviceId) return <Text c="dimmed">{t('dashboard.deviceStatus.noDevice')}</Text>;
  const state = status.data;
  const shown = (value: TileValue) => {
    if (value === null) return t('common.notAvailable');
    return 'text' in value ? value.text : t(`dashboard.deviceStatus.values.${value.key}`);
  };
  const inAlarm = new Map(
    (state?.alarms ?? []).flatMap((alarm) => {
      const tile = tileOfAlarm[alarm.type];
      return tile ? [[tile, alarm.acknowledged ? 'acknowledged' : 'alarm'] as const] : [];
    }),
  );
  return (
    <Stack gap="xs" aria-busy={status.isPending}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {deviceName ?? state?.name ?? ''}
        </Text>
        {state && <DeviceStateBadge state={state.state} size="md" />}
      </Group>
      {state?.latest && (
        <Text size="xs" c="dimmed">
          {t('dashboard.deviceStatus.updated', { time: formatDateTime(state.latest.createdAt) })}
        </Text>
      )}
      {state && (
        <SimpleGrid type="container" cols={{ base: 2, '360px': 3, '560px': 4 }} spacing="xs">
          {deviceTiles(state.latest, unit, state.equipmentType).map((tile) => {
            const alarm = inAlarm.get(tile.key);
            const label = t(`dashboard.deviceStatus.tiles.${tile.key}`);
            return (
              <StatTile
                key={tile.key}
                label={label}
                name={alarm ? `${label}: ${t(`alarmAttention.deviceStates.${alarm}`)}` : undefined}
                value={shown(tile.value)}
                compact={compact}
                alarm={alarm}
              />
            );
          })}
        </SimpleGrid>
      )}
    </Stack>
  );
}
