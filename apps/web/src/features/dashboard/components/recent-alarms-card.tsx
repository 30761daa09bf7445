import { Anchor, Table } from '@mantine/core';
import type { RecentAlarm } from '@vigil/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { useRecentAlarms } from '../api/recent-lists';
import { RecentTable } from './recent-table';

const figure = (value: number | null) => (value === null ? null : String(Number(value.toFixed(2))));

/**
 * Recent alarms: the frame of the table (the alarm issue adds comments). Clicking an alarm's name
 * selects its device and location and brings the data card into view.
 */
export function RecentAlarmsCard({ onOpen }: { onOpen: (alarm: RecentAlarm) => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const alarms = useRecentAlarms(page);
  const list = alarms.data?.list ?? [];
  const na = t('common.notAvailable');
  return (
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
      ]}
      minWidth={760}
      empty={alarms.isSuccess && list.length === 0 && page === 1}
      emptyText={t('dashboard.alarms.empty')}
      pagination={alarms.data?.meta.pagination}
      onPageChange={setPage}
      rows={list.map((alarm) => (
        <Table.Tr key={alarm.id}>
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
          <Table.Td>{alarm.type}</Table.Td>
          <Table.Td>{figure(alarm.value) ?? na}</Table.Td>
          <Table.Td>{figure(alarm.min) ?? na}</Table.Td>
          <Table.Td>{figure(alarm.max) ?? na}</Table.Td>
          <Table.Td>{formatDateTime(alarm.createdAt)}</Table.Td>
        </Table.Tr>
      ))}
    />
  );
}
