import { Table } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { useRecentDoorOpenings } from '../api/recent-lists';
import { RecentTable } from './recent-table';

/** Recent door openings: device, location, user, opened and closed times, 10 a page. */
export function RecentDoorCard() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const openings = useRecentDoorOpenings(page, true);
  const list = openings.data?.list ?? [];
  const na = t('common.notAvailable');
  return (
    <RecentTable
      label={t('dashboard.cards.recentDoorOpening')}
      columns={[
        t('dashboard.door.columns.deviceName'),
        t('dashboard.door.columns.location'),
        t('dashboard.door.columns.user'),
        t('dashboard.door.columns.timeOpened'),
        t('dashboard.door.columns.timeClosed'),
      ]}
      empty={openings.isSuccess && list.length === 0 && page === 1}
      emptyText={t('dashboard.door.empty')}
      pagination={openings.data?.meta.pagination}
      onPageChange={setPage}
      rows={list.map((row) => (
        <Table.Tr key={row.id}>
          <Table.Td>{row.deviceName}</Table.Td>
          <Table.Td>{row.location ?? na}</Table.Td>
          <Table.Td>{row.user ?? na}</Table.Td>
          <Table.Td>{formatDateTime(row.timeOpened)}</Table.Td>
          <Table.Td>
            {row.timeClosed ? formatDateTime(row.timeClosed) : t('dashboard.door.stillOpen')}
          </Table.Td>
        </Table.Tr>
      ))}
    />
  );
}
