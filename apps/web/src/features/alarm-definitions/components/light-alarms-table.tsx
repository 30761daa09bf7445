import { Table } from '@mantine/core';
import type { DeviceAlarm } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { DataTable, hideBelow } from '../../../components/data-table';
import { RowActions } from '../../../components/row-actions';
import { alarmRowActions } from './alarm-row-actions';

interface LightAlarmsTableProps {
  list: DeviceAlarm[];
  onEdit: (alarm: DeviceAlarm) => void;
  onDelete: (alarm: DeviceAlarm) => void;
}

/** The existing light alarms: name, device, lux range, status and (where allowed) the actions. */
export function LightAlarmsTable({ list, onEdit, onDelete }: LightAlarmsTableProps) {
  const { t } = useTranslation();
  return (
    <DataTable stickyActions>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('alarmDefinitions.columns.alarmName')}</Table.Th>
            <Table.Th>{t('alarmDefinitions.columns.deviceName')}</Table.Th>
            <Table.Th {...hideBelow('sm')}>{t('alarmDefinitions.light.lux')}</Table.Th>
            <Table.Th {...hideBelow('sm')}>{t('alarmDefinitions.columns.status')}</Table.Th>
            <Table.Th>{t('alarmDefinitions.columns.action')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.map((alarm) => (
            <Table.Tr key={alarm.id}>
              <Table.Td>{alarm.name}</Table.Td>
              <Table.Td>{alarm.deviceInfo.name}</Table.Td>
              <Table.Td {...hideBelow('sm')}>
                {alarm.minLux} – {alarm.maxLux} lux
              </Table.Td>
              <Table.Td {...hideBelow('sm')}>
                {alarm.enable
                  ? t('alarmDefinitions.status.enabled')
                  : t('alarmDefinitions.status.disabled')}
              </Table.Td>
              <Table.Td>
                <RowActions
                  actions={alarmRowActions(t, alarm, {
                    onEdit: () => {
                      onEdit(alarm);
                    },
                    onDelete: () => {
                      onDelete(alarm);
                    },
                  })}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </DataTable>
  );
}
