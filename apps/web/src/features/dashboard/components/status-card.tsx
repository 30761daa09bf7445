import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useConnectedStatus } from '../api/get-connected-status';
import { StatTile } from './stat-tile';

/** Status: connected, active and inactive gateways and devices (spec monitoring 2 and 3). */
export function StatusCard({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const status = useConnectedStatus();
  const counts = status.data;
  const figure = (value: number | undefined) => (value === undefined ? '–' : value);
  const groups = statusGroups(t, counts);
  const silent = [
    { label: t('alarmAttention.status.neverConnected'), n: counts?.gateways.neverConnected ?? 0 },
    { label: t('alarmAttention.status.neverReported'), n: counts?.devices.neverReported ?? 0 },
  ].filter((item) => item.n > 0);
  return (
    <Stack gap="sm" aria-busy={status.isPending}>
      {groups.map((group) => (
        <Stack key={group.name} gap={4}>
          <Text size="sm" fw={600}>
            {group.name}
          </Text>
          <SimpleGrid type="container" cols={{ base: 1, '260px': 3 }} spacing="xs">
            {group.tiles.map((tile) => (
              <StatTile
                key={tile.label}
                label={tile.label}
                name={`${group.name}: ${tile.label}`}
                value={figure(tile.value)}
                color={tile.color}
                compact={compact}
              />
            ))}
          </SimpleGrid>
        </Stack>
      ))}
      {silent.length > 0 && (
        // Not connected, so not counted above: said apart, never hidden.
        <Text size="sm" c="dimmed" data-testid="never-reported">
          {silent.map((item) => `${item.label}: ${item.n}`).join(' · ')}
        </Text>
      )}
    </Stack>
  );
}

/** The two groups of tiles, gateways and devices, each connected, active and inactive. */
function statusGroups(t: TFunction, counts: ReturnType<typeof useConnectedStatus>['data']) {
  return [
    {
      name: t('dashboard.status.gateways'),
      tiles: [
        { label: t('dashboard.status.connectedGateways'), value: counts?.gatewayCount },
        {
          label: t('dashboard.status.activeGateways'),
          value: counts?.gateways.activeGateways,
          color: 'teal',
        },
        {
          label: t('dashboard.status.inactiveGateways'),
          value: counts?.gateways.inActiveGateways,
          color: 'red',
        },
      ],
    },
    {
      name: t('dashboard.status.devices'),
      tiles: [
        { label: t('dashboard.status.connectedDevices'), value: counts?.deviceCount },
        {
          label: t('dashboard.status.activeDevices'),
          value: counts?.devices.activeDevices,
          color: 'teal',
        },
        {
          label: t('dashboard.status.inactiveDevices'),
          value: counts?.devices.inActiveDevices,
          color: 'red',
        },
      ],
    },
  ];
}
