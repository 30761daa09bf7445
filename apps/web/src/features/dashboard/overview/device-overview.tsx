import { Box, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { OverviewDevice } from '@vigil/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useTemperatureUnit } from '../../../lib/use-temperature-unit';
import { sparklineHours, useDeviceOverview, useSparklines } from './overview-api';
import { DeviceTile } from './device-tile';
import { useOverviewLive } from './live-store';

interface DeviceOverviewProps {
  selectedId: string | null;
  onSelect: (device: OverviewDevice) => void;
  /** Headings one level below the page's or card's own. */
  headingOrder: 2 | 3;
}

/** The devices by location, in the server's order (location name, then device name). */
function byLocation(devices: OverviewDevice[]) {
  const groups = new Map<string, { name: string | null; devices: OverviewDevice[] }>();
  for (const device of devices) {
    const key = device.locationId ?? '';
    const group = groups.get(key) ?? { name: device.location, devices: [] };
    group.devices.push(device);
    groups.set(key, group);
  }
  return [...groups].map(([key, group]) => ({ key, ...group }));
}

/**
 * Every device the person may see, one tile each, grouped by location: live (the overview socket
 * feeds each tile on its own), a sparkline per device from one batched call, and each location
 * rendered only when scrolled near (content-visibility), so hundreds of devices stay smooth.
 */
export function DeviceOverview({ selectedId, onSelect, headingOrder }: DeviceOverviewProps) {
  const { t } = useTranslation();
  const unit = useTemperatureUnit();
  const overview = useDeviceOverview();
  const sparklines = useSparklines();
  const store = useOverviewLive();
  const groups = useMemo(() => byLocation(overview.data?.devices ?? []), [overview.data]);
  const lines = useMemo(
    () => new Map((sparklines.data?.series ?? []).map((line) => [line.id, line])),
    [sparklines.data],
  );
  if (overview.isPending) return <Text aria-live="polite">{t('app.loading')}</Text>;
  return (
    <Stack gap="md" data-testid="device-overview">
      <Text size="xs" c="dimmed">
        {`${t('alarmAttention.overview.count', { n: overview.data?.devices.length ?? 0 })} · ${t(
          'alarmAttention.overview.lastHours',
          { n: sparklineHours },
        )}`}
      </Text>
      {groups.map((group) => (
        <Box
          key={group.key}
          component="section"
          aria-label={group.name ?? t('alarmAttention.overview.noLocation')}
          style={{
            contentVisibility: 'auto',
            containIntrinsicSize: `auto ${Math.ceil(group.devices.length / 3) * 96 + 40}px`,
          }}
        >
          <Group gap="xs" mb={6}>
            <Title order={headingOrder} fz="sm">
              {group.name ?? t('alarmAttention.overview.noLocation')}
            </Title>
            <Text size="xs" c="dimmed">
              {group.devices.length}
            </Text>
          </Group>
          <SimpleGrid
            type="container"
            cols={{ base: 1, '420px': 2, '680px': 3, '960px': 4, '1300px': 5 }}
            spacing="xs"
          >
            {group.devices.map((device) => (
              <DeviceTile
                key={device.id}
                device={device}
                sparkline={lines.get(device.id)}
                unit={unit}
                store={store}
                selected={device.id === selectedId}
                onSelect={onSelect}
              />
            ))}
          </SimpleGrid>
        </Box>
      ))}
    </Stack>
  );
}
