import { Badge, Table } from '@mantine/core';
import { IconBellOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DataTable, hideBelow } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { SearchableListCard, useListSearch } from '../../../components/searchable-list-card';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useAlarmsPage } from '../api/list-alarms';
import { alarmTypeText } from '../components/alarm-type';

/** /alarms: device id, alarm name, device name, type, created at; 10 a page. */
export default function AlarmsPage() {
  const { t } = useTranslation();
  const session = useSession();
  const list = useListSearch();
  const alarms = useAlarmsPage(list.page, list.debounced);
  const platform = session?.role === 'super_admin';
  return (
    <>
      <PageHeader
        title={t('alarmDefinitions.page.title')}
        subtitle={t('alarmDefinitions.page.subtitle')}
      />
      <SearchableListCard
        searchLabel={t('alarmDefinitions.page.search')}
        searchPlaceholder={t('alarmDefinitions.page.searchPlaceholder')}
        list={list}
        query={alarms}
        emptyIcon={IconBellOff}
        emptyText={t('alarmDefinitions.page.empty')}
      >
        {(items) => (
          <DataTable>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th {...hideBelow('sm')}>{t('alarmDefinitions.columns.deviceId')}</Table.Th>
                  <Table.Th>{t('alarmDefinitions.columns.alarmName')}</Table.Th>
                  <Table.Th>{t('alarmDefinitions.columns.deviceName')}</Table.Th>
                  <Table.Th {...hideBelow('sm')}>{t('alarmDefinitions.columns.type')}</Table.Th>
                  <Table.Th {...hideBelow('sm')}>
                    {t('alarmDefinitions.columns.createdAt')}
                  </Table.Th>
                  {platform && (
                    <Table.Th {...hideBelow('md')}>
                      {t('alarmDefinitions.columns.account')}
                    </Table.Th>
                  )}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((alarm) => (
                  <Table.Tr key={alarm.id}>
                    <Table.Td ff="monospace" {...hideBelow('sm')}>
                      {alarm.deviceInfo.deviceId.toUpperCase()}
                    </Table.Td>
                    <Table.Td>
                      {alarm.alarmInfo.name}
                      {alarm.profileId && (
                        <Badge ml="xs" size="xs" variant="light">
                          {t('alarmDefinitions.alarm.fromProfile')}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>{alarm.deviceInfo.name}</Table.Td>
                    <Table.Td {...hideBelow('sm')}>{alarmTypeText(alarm, t)}</Table.Td>
                    <Table.Td {...hideBelow('sm')}>{formatDateTime(alarm.createdAt)}</Table.Td>
                    {platform && <Table.Td {...hideBelow('md')}>{alarm.accountName}</Table.Td>}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </DataTable>
        )}
      </SearchableListCard>
    </>
  );
}
