import { Table, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { Device } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { ConnectionStatus } from '../../../components/connection-status';
import { DataTable, hideBelow } from '../../../components/data-table';
import { formatDateTime } from '../../../lib/format';
import { RowActions } from '../../../components/row-actions';
import { useTemperatureUnit } from '../../../lib/use-temperature-unit';
import { displayDeviceId } from './device-id';
import { equipmentTypeLabel } from './equipment-type';
import { frequencyLabel } from './frequency';
import { LatestReading } from './latest-reading';

interface DevicesTableProps {
  devices: Device[];
  onEdit: (device: Device) => void;
  onDelete: (device: Device) => void;
}

/** Spec platform 2, devices page; plus whether each device is online and when it last spoke. */
export function DevicesTable({ devices, onEdit, onDelete }: DevicesTableProps) {
  const { t } = useTranslation();
  return (
    <DataTable stickyActions>
      <Table
        striped
        highlightOnHover
        verticalSpacing="sm"
        horizontalSpacing="xs"
        fz="sm"
        data-testid="devices-table"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th {...hideBelow('sm')}>{t('devices.columns.deviceId')}</Table.Th>
            <Table.Th>{t('devices.columns.name')}</Table.Th>
            <Table.Th {...hideBelow('md')}>{t('devices.columns.gateway')}</Table.Th>
            <Table.Th {...hideBelow('sm')}>{t('devices.columns.equipmentType')}</Table.Th>
            <Table.Th {...hideBelow('sm')}>{t('devices.columns.equipmentStatus')}</Table.Th>
            <Table.Th {...hideBelow('md')}>{t('devices.columns.offlineAlerts')}</Table.Th>
            <Table.Th {...hideBelow('md')}>{t('devices.columns.frequency')}</Table.Th>
            <Table.Th {...hideBelow('md')}>{t('devices.columns.createdAt')}</Table.Th>
            <Table.Th {...hideBelow('sm')}>{t('devices.columns.location')}</Table.Th>
            <Table.Th>{t('devices.columns.connection')}</Table.Th>
            <Table.Th {...hideBelow('sm')}>{t('devices.columns.latestReading')}</Table.Th>
            <Table.Th ta="right">{t('devices.columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {devices.map((device) => (
            <DeviceRow key={device.id} device={device} onEdit={onEdit} onDelete={onDelete} />
          ))}
        </Table.Tbody>
      </Table>
    </DataTable>
  );
}

type DeviceRowProps = Omit<DevicesTableProps, 'devices'> & { device: Device };

function DeviceRow({ device, onEdit, onDelete }: DeviceRowProps) {
  const { t } = useTranslation();
  const unit = useTemperatureUnit();
  const active = device.equipmentStatus === 1;
  const alerts = device.offlineAlarmEnable === 1;
  return (
    <Table.Tr>
      <Table.Td ff="monospace" style={{ whiteSpace: 'nowrap' }} {...hideBelow('sm')}>
        {displayDeviceId(device.deviceId)}
      </Table.Td>
      <Table.Td fw={600}>{device.name}</Table.Td>
      <Table.Td {...hideBelow('md')}>{device.gateway?.name ?? t('common.notAvailable')}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }} {...hideBelow('sm')}>
        {equipmentTypeLabel(device.equipmentType, unit, t)}
      </Table.Td>
      <Table.Td {...hideBelow('sm')}>
        <Text fz="sm" fw={600} c={active ? 'teal' : 'dimmed'}>
          {active ? t('devices.active') : t('devices.inactive')}
        </Text>
      </Table.Td>
      <Table.Td {...hideBelow('md')}>
        <Text fz="sm" fw={600} c={alerts ? 'teal' : 'dimmed'}>
          {alerts ? t('devices.enabled') : t('devices.disabled')}
        </Text>
      </Table.Td>
      <Table.Td {...hideBelow('md')}>{frequencyLabel(device.offlineAlarmFrequency, t)}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }} {...hideBelow('md')}>
        {formatDateTime(device.createdAt)}
      </Table.Td>
      <Table.Td {...hideBelow('sm')}>{device.location?.name ?? t('common.notAvailable')}</Table.Td>
      <Table.Td>
        <ConnectionStatus online={device.status === 'active'} lastSeenAt={device.lastSeenAt} />
      </Table.Td>
      <Table.Td {...hideBelow('sm')}>
        <LatestReading reading={device.latestData.nodeData} unit={unit} />
      </Table.Td>
      <Table.Td>
        <DeviceActions device={device} onEdit={onEdit} onDelete={onDelete} />
      </Table.Td>
    </Table.Tr>
  );
}

function DeviceActions({ device, onEdit, onDelete }: DeviceRowProps) {
  const { t } = useTranslation();
  return (
    <RowActions
      actions={[
        {
          label: t('devices.editDevice', { name: device.name }),
          icon: IconPencil,
          onClick: () => {
            onEdit(device);
          },
        },
        {
          label: t('devices.deleteDevice', { name: device.name }),
          icon: IconTrash,
          color: 'red',
          onClick: () => {
            onDelete(device);
          },
        },
      ]}
    />
  );
}
