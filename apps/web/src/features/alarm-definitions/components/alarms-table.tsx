import { Badge, Table } from '@mantine/core';
import type { DeviceAlarm } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { DataTable, hideBelow } from '../../../components/data-table';
import { formatDateTime } from '../../../lib/format';
import { alarmTypeText } from './alarm-type';

interface AlarmsTableProps {
  alarms: DeviceAlarm[];
  /** The platform admin also sees each alarm's account. */
  platform: boolean;
}

/** The alarms page's table: device id, alarm name, device name, type, created at (account). */
export function AlarmsTable({ alarms, platform }: AlarmsTableProps) {
  const { t } = useTranslation();
  return (
    <DataTable>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th {...hideBelow('sm')}>{t('alarmDefinitions.columns.deviceId')}</Table.Th>
            <Table.Th>{t('alarmDefinitions.columns.alarmName')}</Table.Th>
            <Table.Th>{t('alarmDefinitions.columns.deviceName')}</Table.Th>
            <Table.Th {...hideBelow('sm')}>{t('alarmDefinitions.columns.type')}</Table.Th>
            <Table.Th {...hideBelow('sm')}>{t('alarmDefinitions.columns.createdAt')}</Table.Th>
            {platform && (
              <Table.Th {...hideBelow('md')}>{t('alarmDefinitions.columns.account')}</Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {alarms.map((alarm) => (
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
  );
}
