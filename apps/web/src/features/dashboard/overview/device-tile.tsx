import { Group, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import {
  deviceAlarmState,
  primaryMetric,
  type OverviewDevice,
  type Sparkline as SparklineData,
  type TemperatureUnit,
} from '@vigil/contracts';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { DeviceStateBadge, deviceStateColors } from '../../../components/alarm-state-badge';
import { useLiveState, type OverviewLiveStore } from './live-store';
import { inUnit, readingText } from './metric-value';
import { Sparkline } from './sparkline';

interface DeviceTileProps {
  device: OverviewDevice;
  sparkline: SparklineData | undefined;
  unit: TemperatureUnit;
  store: OverviewLiveStore;
  selected: boolean;
  onSelect: (device: OverviewDevice) => void;
}

/**
 * One device at a glance: name, live value with unit, a sparkline of the last hours and its state
 * as a colour and a word. Live readings and status come from the store (this tile only).
 */
export const DeviceTile = memo(function DeviceTile(props: DeviceTileProps) {
  const { device, sparkline, unit, store, selected, onSelect } = props;
  const { t } = useTranslation();
  const live = useLiveState(store, device.id);
  const reading = live?.reading ?? device.latest;
  const status = live?.status ?? device.status;
  const lastSeenAt = live?.reading?.createdAt ?? live?.lastSeenAt ?? device.lastSeenAt;
  const state = deviceAlarmState({ status, lastSeenAt, alarms: device.alarms });
  const metric = sparkline?.metric ?? primaryMetric(reading);
  const value = readingText(reading, metric, unit) ?? t('alarmAttention.overview.noReading');
  const color = `var(--mantine-color-${deviceStateColors[state]}-filled)`;
  const points =
    sparkline && metric
      ? sparkline.points.map((p) => (p === null ? null : inUnit(metric, p, unit)))
      : [];
  return (
    <UnstyledButton
      onClick={() => {
        onSelect(device);
      }}
      aria-pressed={selected}
      data-testid={`overview-tile-${device.id}`}
      data-state={state}
      style={{
        display: 'block',
        padding: 'var(--mantine-spacing-xs)',
        borderRadius: 'var(--mantine-radius-md)',
        border: `1px solid ${state === 'ok' ? 'var(--mantine-color-default-border)' : color}`,
        borderLeft: `6px solid ${color}`,
        outline: selected ? '2px solid var(--mantine-color-vigil-filled)' : undefined,
        background: state === 'alarm' ? 'var(--mantine-color-red-light)' : undefined,
      }}
    >
      {/* The name from the content, one sentence; what is seen says the same (axe: label in name). */}
      <VisuallyHidden>{`${device.name}: ${value}, ${t(`alarmAttention.deviceStates.${state}`)}`}</VisuallyHidden>
      <Stack gap={4} aria-hidden>
        <Group justify="space-between" gap={4} wrap="nowrap" align="flex-start">
          <Text size="sm" fw={600} title={device.name} style={{ overflowWrap: 'anywhere' }}>
            {device.name}
          </Text>
          <DeviceStateBadge state={state} size="xs" />
        </Group>
        <Group justify="space-between" gap={4} wrap="nowrap" align="flex-end">
          <Text size="lg" fw={700} style={{ whiteSpace: 'nowrap' }}>
            {value}
          </Text>
          <Sparkline points={points} color={color} />
        </Group>
      </Stack>
    </UnstyledButton>
  );
});
