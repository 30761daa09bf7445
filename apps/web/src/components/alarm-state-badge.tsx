import { Badge } from '@mantine/core';
import type { AlarmEventState, DeviceAlarmState } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';

/**
 * Badge text in the page's own text colour on the tint (at least 4.5:1 in both themes: the
 * tints' coloured text is not), never cut.
 */
const badgeStyles = {
  label: { overflow: 'visible', textOverflow: 'clip', color: 'var(--mantine-color-text)' },
} as const;
/** A filled badge (in alarm) is the darker red, under which white text reads at 4.5:1. */
const filledStyles = {
  label: { overflow: 'visible', textOverflow: 'clip', color: 'var(--mantine-color-white)' },
} as const;

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
      styles={badgeStyles}
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
      color={state === 'alarm' ? 'red.8' : deviceStateColors[state]}
      variant={state === 'alarm' ? 'filled' : 'light'}
      size={size}
      data-state={state}
      data-testid="device-state"
      style={{ overflow: 'visible', flexShrink: 0 }}
      styles={state === 'alarm' ? filledStyles : badgeStyles}
    >
      {t(`alarmAttention.deviceStates.${state}`)}
    </Badge>
  );
}
