import { Badge, Button, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { DeviceAlarm } from '@vigil/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { PageLoader } from '../../../components/page-loader';
import { RowActions, type RowAction } from '../../../components/row-actions';
import { useSession } from '../../../lib/session';
import { useDeviceAlarms } from '../api/list-device-alarms';
import { DeleteAlarmModal } from '../modals/delete-alarm-modal';
import { DeviceAlarmModal } from '../modals/device-alarm-modal';
import { alarmRowActions } from './alarm-row-actions';
import { alarmTypeText } from './alarm-type';

/**
 * The device data panel's Alarms tab: the device's alarms with 'add alarm', and edit / delete
 * where the editing rule allows (the server says so per alarm in `canEdit`).
 */
export function DeviceAlarmsTab({ deviceId }: { deviceId: string }) {
  const { t } = useTranslation();
  const session = useSession();
  const alarms = useDeviceAlarms(deviceId);
  const [editing, setEditing] = useState<{ alarm: DeviceAlarm | undefined } | null>(null);
  const [deleting, setDeleting] = useState<DeviceAlarm | undefined>();
  const role = session?.role ?? 'user';
  const list = alarms.data?.list ?? [];

  const actions = (alarm: DeviceAlarm) =>
    alarmRowActions(t, alarm, {
      onEdit: () => {
        setEditing({ alarm });
      },
      onDelete: () => {
        setDeleting(alarm);
      },
    });

  return (
    <Stack gap="sm" py="xs">
      <Group justify="flex-end">
        <Button
          size="xs"
          leftSection={<IconPlus size={16} />}
          onClick={() => {
            setEditing({ alarm: undefined });
          }}
        >
          {t('alarmDefinitions.alarm.add')}
        </Button>
      </Group>
      {alarms.isPending ? (
        <PageLoader />
      ) : list.length === 0 ? (
        <Text c="dimmed" py="md">
          {t('alarmDefinitions.alarm.none')}
        </Text>
      ) : (
        <DeviceAlarmsTable list={list} actions={actions} />
      )}
      <DeviceAlarmModal
        opened={editing !== null}
        deviceId={deviceId}
        alarm={editing?.alarm}
        role={role}
        onClose={() => {
          setEditing(null);
        }}
      />
      <DeleteAlarmModal
        alarm={deleting}
        onClose={() => {
          setDeleting(undefined);
        }}
      />
    </Stack>
  );
}

interface DeviceAlarmsTableProps {
  list: DeviceAlarm[];
  actions: (alarm: DeviceAlarm) => RowAction[];
}

/** The device's alarms: name (and whether a profile set it), type, status and the row's actions. */
function DeviceAlarmsTable({ list, actions }: DeviceAlarmsTableProps) {
  const { t } = useTranslation();
  return (
    <DataTable stickyActions>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('alarmDefinitions.columns.alarmName')}</Table.Th>
            <Table.Th>{t('alarmDefinitions.columns.type')}</Table.Th>
            <Table.Th>{t('alarmDefinitions.columns.status')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('alarmDefinitions.columns.action')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.map((alarm) => (
            <Table.Tr key={alarm.id}>
              <Table.Td>
                {alarm.name}
                {alarm.profileId && (
                  <Badge ml="xs" size="xs" variant="light">
                    {t('alarmDefinitions.alarm.fromProfile')}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>{alarmTypeText(alarm, t)}</Table.Td>
              <Table.Td>
                {alarm.enable
                  ? t('alarmDefinitions.status.enabled')
                  : t('alarmDefinitions.status.disabled')}
              </Table.Td>
              <Table.Td>
                <RowActions actions={actions(alarm)} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </DataTable>
  );
}
