import { Anchor, Button, Table } from '@mantine/core';
import type { RecentAlarm, TemperatureUnit } from '@vigil/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { useRecentAlarms } from '../api/recent-lists';
import { AlarmCommentsModal } from '../modals/alarm-comments-modal';
import { AlarmDownload } from './alarm-download';
import { AlarmStateBadge } from './alarm-state-badge';
import { alarmFigure } from './alarm-values';
import { RecentTable } from './recent-table';

interface RecentAlarmsCardProps {
  unit: TemperatureUnit;
  onOpen: (alarm: RecentAlarm) => void;
}

/**
 * Recent alarms (spec monitoring 2): 10 a page, values in the account's unit, each alarm's
 * state and comments. Clicking an alarm's name selects its device and location and brings the
 * data card into view; its comments open the recentAlarmComments modal. Live: `alarmData`,
 * `newAlarm` and `removeAlarm` refetch the page.
 */
export function RecentAlarmsCard({ unit, onOpen }: RecentAlarmsCardProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [opened, setOpened] = useState<RecentAlarm | null>(null);
  const alarms = useRecentAlarms(page);
  const list = alarms.data?.list ?? [];
  const na = t('common.notAvailable');
  const figure = (alarm: RecentAlarm, value: number | null) => {
    const shown = alarmFigure(alarm.type, value, unit);
    switch (shown.kind) {
      case 'missing':
        return na;
      case 'waterLow':
        return t('alarmEvents.water.low');
      case 'waterHigh':
        return t('alarmEvents.water.high');
      case 'number':
        return shown.text;
    }
  };
  // The modal follows the row as the list refetches (after an acknowledgement, say).
  const current = opened && (list.find((alarm) => alarm.id === opened.id) ?? opened);
  return (
    <>
      <AlarmDownload />
      <RecentTable
        label={t('dashboard.cards.recentAlarms')}
        columns={[
          t('dashboard.alarms.columns.alarmName'),
          t('dashboard.alarms.columns.location'),
          t('dashboard.alarms.columns.deviceName'),
          t('dashboard.alarms.columns.type'),
          t('dashboard.alarms.columns.value'),
          t('dashboard.alarms.columns.min'),
          t('dashboard.alarms.columns.max'),
          t('dashboard.alarms.columns.createdAt'),
          t('alarmEvents.columns.state'),
          t('alarmEvents.columns.comments'),
        ]}
        minWidth={980}
        empty={alarms.isSuccess && list.length === 0 && page === 1}
        emptyText={t('dashboard.alarms.empty')}
        pagination={alarms.data?.meta.pagination}
        onPageChange={setPage}
        rows={list.map((alarm) => (
          <Table.Tr key={alarm.id} data-testid={`recent-alarm-${alarm.id}`}>
            <Table.Td>
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={() => {
                  onOpen(alarm);
                }}
              >
                {alarm.alarmName}
              </Anchor>
            </Table.Td>
            <Table.Td>{alarm.location ?? na}</Table.Td>
            <Table.Td>{alarm.deviceName}</Table.Td>
            <Table.Td>
              {t(`alarmDefinitions.types.${alarm.type}`, { defaultValue: alarm.type })}
            </Table.Td>
            <Table.Td>{figure(alarm, alarm.value)}</Table.Td>
            <Table.Td>{figure(alarm, alarm.min)}</Table.Td>
            <Table.Td>{figure(alarm, alarm.max)}</Table.Td>
            <Table.Td>{formatDateTime(alarm.createdAt)}</Table.Td>
            <Table.Td>
              <AlarmStateBadge state={alarm.state} />
            </Table.Td>
            <Table.Td>
              <Button
                variant="subtle"
                size="compact-sm"
                aria-label={t('alarmEvents.comments.openFor', {
                  name: alarm.alarmName,
                  n: alarm.comments,
                })}
                onClick={() => {
                  setOpened(alarm);
                }}
              >
                {t('alarmEvents.comments.open', { n: alarm.comments })}
              </Button>
            </Table.Td>
          </Table.Tr>
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
