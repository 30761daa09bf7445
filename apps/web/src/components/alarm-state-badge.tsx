import { Badge } from '@mantine/core';
import type { AlarmEventState, DeviceAlarmState } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';

const eventColors: Record<AlarmEventState, string> = {
  active: 'red',
  acknowledged: 'orange',
  recovered: 'teal',
  recovered_unacknowledged: 'yellow',
};

/**
 * An alarm event's state as a coloured word (never the colour alone): active, acknowledged
 * (still out of range), recovered, recovered unacknowledged. The text never wraps or is cut.
 */
export function AlarmStateBadge({ state }: { state: AlarmEventState }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={eventColors[state]}
      variant="light"
      size="sm"
      data-state={state}
      style={{ overflow: 'visible', flexShrink: 0 }}
      styles={{ label: { overflow: 'visible', textOverflow: 'clip' } }}
    >
      {t(`alarmAttention.states.${state}`)}
    </Badge>
  );
}

/** The colours of a device's state: red in alarm, orange acknowledged, grey no data. */
export const deviceStateColors: Record<DeviceAlarmState, string> = {
  alarm: 'red',
  acknowledged: 'orange',
  offline: 'gray',
  no_data: 'gray',
  ok: 'teal',
};

/** A device's state (In alarm / Acknowledged / Offline / No data / OK) as a coloured badge. */
export function DeviceStateBadge({
  state,
  size = 'sm',
}: {
  state: DeviceAlarmState;
  size?: 'xs' | 'sm' | 'md';
}) {
  const { t } = useTranslation();
  return (
    <Badge
      color={deviceStateColors[state]}
      variant={state === 'alarm' ? 'filled' : 'light'}
      size={size}
      data-state={state}
      data-testid="device-state"
      style={{ overflow: 'visible', flexShrink: 0 }}
      styles={{ label: { overflow: 'visible', textOverflow: 'clip' } }}
    >
      {t(`alarmAttention.deviceStates.${state}`)}
    </Badge>
  );
}
