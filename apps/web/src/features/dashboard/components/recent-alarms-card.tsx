import { Anchor, Button, Group, Stack, Table, Text } from '@mantine/core';
import type { RecentAlarm, TemperatureUnit } from '@vigil/contracts';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AlarmStateBadge } from '../../../components/alarm-state-badge';
import { alarmTypeName, formatAlarmRange, formatAlarmValue } from '../../../lib/alarm-values';
import { formatDateTime } from '../../../lib/format';
import { useRecentAlarms } from '../api/recent-lists';
import { AlarmCommentsModal } from '../modals/alarm-comments-modal';
import { AlarmDownload } from './alarm-download';
import { RecentTable } from './recent-table';

/** The Acknowledge button of a row (the alarm-events feature's, composed by app/). */
export type RenderAcknowledge = (alarm: {
  eventId: string;
  name: string;
  deviceName: string;
  detail: string;
}) => ReactNode;

interface RecentAlarmsCardProps {
  unit: TemperatureUnit;
  onOpen: (alarm: RecentAlarm) => void;
  renderAcknowledge?: RenderAcknowledge;
}

const awaitsSignature = (alarm: RecentAlarm) =>
  alarm.state === 'active' || alarm.state === 'recovered_unacknowledged';

/** The row's figures in one line: the value with its unit and the limits. */
function figures(alarm: RecentAlarm, unit: TemperatureUnit): string {
  const range = formatAlarmRange(alarm.type, alarm.min, alarm.max, unit);
  const value = `${alarmTypeName(alarm.type)}: ${formatAlarmValue(alarm.type, alarm.value, unit)}`;
  return range ? `${value} (${range})` : value;
}

/**
 * Recent alarms (spec monitoring 2): 10 a page. The table fits its card: the alarm's name, device,
 * location, value with unit, limits and time are gathered in the first column, so that the state
 * and the actions (Acknowledge, comments) are always in view. Clicking an alarm's name selects
 * its device and location and brings the data card into view. Live: every alarm event refetches.
 */
export function RecentAlarmsCard({ unit, onOpen, renderAcknowledge }: RecentAlarmsCardProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [opened, setOpened] = useState<RecentAlarm | null>(null);
  const alarms = useRecentAlarms(page);
  const list = alarms.data?.list ?? [];
  // The modal follows the row as the list refetches (after an acknowledgement, say).
  const current = opened && (list.find((alarm) => alarm.id === opened.id) ?? opened);
  return (
    <>
      <AlarmDownload />
      <RecentTable
        label={t('dashboard.cards.recentAlarms')}
        columns={[
          t('dashboard.alarms.columns.alarmName'),
          t('alarmEvents.columns.state'),
          t('alarmEvents.columns.comments'),
        ]}
        minWidth={0}
        empty={alarms.isSuccess && list.length === 0 && page === 1}
        emptyText={t('dashboard.alarms.empty')}
        pagination={alarms.data?.meta.pagination}
        onPageChange={setPage}
        rows={list.map((alarm) => (
          <RecentAlarmRow
            key={alarm.id}
            alarm={alarm}
            unit={unit}
            onOpen={onOpen}
            onComments={setOpened}
            renderAcknowledge={renderAcknowledge}
          />
        ))}
      />
      <AlarmCommentsModal
        alarm={current}
        onClose={() => {
          setOpened(null);
        }}
      />
    </>
  );
}

interface RecentAlarmRowProps {
  alarm: RecentAlarm;
  unit: TemperatureUnit;
  onOpen: (alarm: RecentAlarm) => void;
  onComments: (alarm: RecentAlarm) => void;
  renderAcknowledge?: RenderAcknowledge;
}

/** One alarm: its name (opens its device), device, location, figures and time; state; actions. */
function RecentAlarmRow({
  alarm,
  unit,
  onOpen,
  onComments,
  renderAcknowledge,
}: RecentAlarmRowProps) {
  const { t } = useTranslation();
  return (
    <Table.Tr data-testid={`recent-alarm-${alarm.id}`} data-state={alarm.state}>
      <AlarmSummaryCell alarm={alarm} unit={unit} onOpen={onOpen} />
      <Table.Td style={{ width: 1 }}>
        <AlarmStateBadge state={alarm.state} />
      </Table.Td>
      <Table.Td style={{ width: 1 }}>
        <Group gap={6} wrap="wrap" justify="flex-end" miw={110}>
          {awaitsSignature(alarm) &&
            renderAcknowledge?.({
              eventId: alarm.id,
              name: alarm.alarmName,
              deviceName: alarm.deviceName,
              detail: `${figures(alarm, unit)} · ${formatDateTime(alarm.createdAt)}`,
            })}
          <Button
            variant="subtle"
            size="compact-sm"
            aria-label={t('alarmEvents.comments.openFor', {
              name: alarm.alarmName,
              n: alarm.comments,
            })}
            onClick={() => {
              onComments(alarm);
            }}
          >
            {t('alarmEvents.comments.open', { n: alarm.comments })}
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

interface AlarmSummaryCellProps {
  alarm: RecentAlarm;
  unit: TemperatureUnit;
  onOpen: (alarm: RecentAlarm) => void;
}

/** The first column: the alarm's name (opens its device), device and location, figures, time. */
function AlarmSummaryCell({ alarm, unit, onOpen }: AlarmSummaryCellProps) {
  const { t } = useTranslation();
  const na = t('common.notAvailable');
  return (
    <Table.Td style={{ minWidth: 0 }}>
      <Stack gap={2}>
        <Anchor
          component="button"
          type="button"
          size="sm"
          fw={600}
          ta="left"
          style={{ overflowWrap: 'anywhere' }}
          onClick={() => {
            onOpen(alarm);
          }}
        >
          {alarm.alarmName}
        </Anchor>
        <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
          {`${alarm.deviceName} · ${alarm.location ?? na}`}
        </Text>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {figures(alarm, unit)}
        </Text>
        <Text size="xs" c="dimmed">
          {formatDateTime(alarm.createdAt)}
        </Text>
      </Stack>
    </Table.Td>
  );
}
