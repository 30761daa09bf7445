import { Anchor, Group, Stack, Text } from '@mantine/core';
import type { AlarmEventItem, TemperatureUnit } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AlarmStateBadge } from '../../../components/alarm-state-badge';
import { alarmTypeName, formatAlarmRange, formatAlarmValue } from '../../../lib/alarm-values';
import { formatDateTime } from '../../../lib/format';
import { AcknowledgeButton } from './acknowledge-button';

/** Where a device is looked at: the dashboard with it selected in the data panel. */
export const devicePath = (event: { deviceDbId: string; locationId: string | null }) =>
  `/dashboard?${new URLSearchParams({
    device: event.deviceDbId,
    ...(event.locationId ? { location: event.locationId } : {}),
  }).toString()}`;

/** The alarm's figures as one line: peak value with unit, its range and when it started. */
export function alarmDetail(event: AlarmEventItem, unit: TemperatureUnit): string {
  const range = formatAlarmRange(event.type, event.min, event.max, unit);
  return [
    `${alarmTypeName(event.type)}: ${formatAlarmValue(event.type, event.peak, unit)}`,
    range,
    formatDateTime(event.startedAt),
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * One alarm in a short list (top bar, the device's panel): its name, device, state, figures,
 * a link to the device and — while it awaits a signature — Acknowledge.
 */
export function AlarmRow({
  event,
  unit,
  onOpenDevice,
  showDevice = true,
}: {
  event: AlarmEventItem;
  unit: TemperatureUnit;
  onOpenDevice?: () => void;
  showDevice?: boolean;
}) {
  const detail = alarmDetail(event, unit);
  const signed = event.state === 'acknowledged' || event.state === 'recovered';
  return (
    <Group
      justify="space-between"
      align="flex-start"
      gap="xs"
      wrap="nowrap"
      data-testid={`alarm-row-${event.id}`}
    >
      <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
        <Group gap={6} wrap="wrap">
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {event.alarmName}
          </Text>
          <AlarmStateBadge state={event.state} />
        </Group>
        {showDevice && (
          <Anchor
            component={Link}
            to={devicePath(event)}
            size="sm"
            onClick={onOpenDevice}
            style={{ overflowWrap: 'anywhere' }}
          >
            {event.deviceName}
            {event.location ? ` · ${event.location}` : ''}
          </Anchor>
        )}
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {detail}
        </Text>
        {signed && <SignedBy event={event} />}
      </Stack>
      {!signed && (
        <AcknowledgeButton
          compact
          alarm={{
            eventId: event.id,
            name: event.alarmName,
            deviceName: event.deviceName,
            detail,
          }}
        />
      )}
    </Group>
  );
}

/** Who signed the alarm off, and when. */
function SignedBy({ event }: { event: AlarmEventItem }) {
  const { t } = useTranslation();
  if (!event.acknowledgedAt) return null;
  return (
    <Text size="xs" c="dimmed">
      {t('alarmEvents.acknowledge.by', {
        name: event.acknowledgedBy ?? t('alarmEvents.comments.deletedUser'),
        time: formatDateTime(event.acknowledgedAt),
      })}
    </Text>
  );
}
