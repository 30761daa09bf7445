import { Anchor, Stack, Table, Text } from '@mantine/core';
import type { AlarmEventItem, TemperatureUnit } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AlarmStateBadge } from '../../../components/alarm-state-badge';
import { alarmTypeName, formatAlarmRange, formatAlarmValue } from '../../../lib/alarm-values';
import { formatDateTime } from '../../../lib/format';
import { AcknowledgeButton } from './acknowledge-button';
import { alarmDetail, devicePath } from './alarm-row';
import { formatDuration } from './duration';

const awaitsSignature = (event: AlarmEventItem) =>
  event.state === 'active' || event.state === 'recovered_unacknowledged';

function Acknowledgement({ event, unit }: { event: AlarmEventItem; unit: TemperatureUnit }) {
  const { t } = useTranslation();
  if (awaitsSignature(event))
    return (
      <AcknowledgeButton
        alarm={{
          eventId: event.id,
          name: event.alarmName,
          deviceName: event.deviceName,
          detail: alarmDetail(event, unit),
        }}
      />
    );
  return (
    <Stack gap={0}>
      <Text size="sm">{event.acknowledgedBy ?? t('alarmEvents.comments.deletedUser')}</Text>
      <Text size="xs" c="dimmed">
        {formatDateTime(event.acknowledgedAt)}
      </Text>
      {event.acknowledgedMeaning && (
        <Text size="xs" c="dimmed">
          {t(`alarmAttention.meanings.${event.acknowledgedMeaning}`)}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The alarm events as a table: state, device and location, metric, peak with unit, limits,
 * start, end, duration and who acknowledged (with the signature's meaning), or Acknowledge.
 * Cells wrap rather than being cut; the page shows cards instead on a phone.
 */
export function AlarmEventsTable({
  events,
  unit,
}: {
  events: AlarmEventItem[];
  unit: TemperatureUnit;
}) {
  const { t } = useTranslation();
  const columns = [
    'state',
    'device',
    'metric',
    'peak',
    'limits',
    'start',
    'end',
    'duration',
    'acknowledged',
  ] as const;
  return (
    <Table.ScrollContainer minWidth={900} type="native">
      <Table
        striped
        highlightOnHover
        verticalSpacing="xs"
        fz="sm"
        aria-label={t('alarmAttention.page.title')}
      >
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column}>{t(`alarmAttention.columns.${column}`)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {events.map((event) => (
            <AlarmEventRow key={event.id} event={event} unit={unit} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** One event: state, device and location, metric, peak, limits, start, end, duration, signature. */
function AlarmEventRow({ event, unit }: { event: AlarmEventItem; unit: TemperatureUnit }) {
  const { t } = useTranslation();
  return (
    <Table.Tr data-testid={`alarm-event-${event.id}`}>
      <Table.Td>
        <AlarmStateBadge state={event.state} />
      </Table.Td>
      <Table.Td>
        <Anchor component={Link} to={devicePath(event)} size="sm">
          {event.deviceName}
        </Anchor>
        <Text size="xs" c="dimmed">
          {event.location ?? t('common.notAvailable')}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{alarmTypeName(event.type)}</Text>
        <Text size="xs" c="dimmed">
          {event.alarmName}
        </Text>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {formatAlarmValue(event.type, event.peak, unit)}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {formatAlarmRange(event.type, event.min, event.max, unit) || '–'}
      </Table.Td>
      <Table.Td>{formatDateTime(event.startedAt)}</Table.Td>
      <Table.Td>
        {event.endedAt ? formatDateTime(event.endedAt) : t('alarmAttention.ongoing')}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDuration(event.durationSeconds)}</Table.Td>
      <Table.Td>
        <Acknowledgement event={event} unit={unit} />
      </Table.Td>
    </Table.Tr>
  );
}
