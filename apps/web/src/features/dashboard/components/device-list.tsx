import { ActionIcon, Box, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconUnlink, IconUserPlus } from '@tabler/icons-react';
import type { Device } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify';
import { useRenameDevice, useUnassignLocation } from '../api/device-mutations';
import { hasActiveAlarm } from '../api/live-cache';
import { EditableName } from './editable-name';
import { SelectableRow } from './selectable-row';

export type DeviceListEmpty = 'noMatches' | 'noDevices' | 'noAssigned';

interface DeviceListProps {
  devices: Device[];
  empty: DeviceListEmpty;
  selectedId: string | null;
  canEdit: boolean;
  onSelect: (device: Device) => void;
  onAssignUser: (device: Device) => void;
}

/** Devices, green online and red offline (live), with rename, assign user and unassign. */
export function DeviceList(props: DeviceListProps) {
  const { devices, empty, selectedId, canEdit, onSelect, onAssignUser } = props;
  const { t } = useTranslation();
  const rename = useRenameDevice();
  const unassign = useUnassignLocation();
  if (devices.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {t(`dashboard.locations.${empty}`)}
      </Text>
    );
  }
  return (
    <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }}>
      {devices.map((device) => (
        <DeviceListItem
          key={device.id}
          device={device}
          selected={selectedId === device.id}
          canEdit={canEdit}
          unassigning={unassign.isPending && unassign.variables === device.id}
          onSelect={onSelect}
          onAssignUser={onAssignUser}
          onRename={(name) =>
            rename.mutateAsync({ id: device.id, name }).then(() => {
              notifySuccess(t('dashboard.locations.deviceUpdated'));
            })
          }
          onUnassign={() => {
            unassign.mutate(device.id, {
              onSuccess: () => {
                notifySuccess(t('dashboard.locations.removedFromLocation'));
              },
            });
          }}
        />
      ))}
    </Stack>
  );
}

interface DeviceListItemProps {
  device: Device;
  selected: boolean;
  canEdit: boolean;
  unassigning: boolean;
  onSelect: (device: Device) => void;
  onAssignUser: (device: Device) => void;
  onRename: (name: string) => Promise<void>;
  onUnassign: () => void;
}

/** One device of the list: its live status colour, its name (editable) and its actions. */
function DeviceListItem(props: DeviceListItemProps) {
  const { device, selected, canEdit, onSelect, onRename } = props;
  const { t } = useTranslation();
  const online = device.status === 'active';
  // The -text shades read at 4.5:1 on the row's background, the alarm highlight included.
  const color = online ? 'var(--mantine-color-teal-text)' : 'var(--mantine-color-red-text)';
  const alarm = hasActiveAlarm(device);
  return (
    <li data-testid={`device-row-${device.id}`} data-online={online} data-alarm={alarm}>
      <EditableName
        name={device.name}
        editable={canEdit}
        onSave={onRename}
        actions={canEdit && <DeviceActions {...props} />}
      >
        <SelectableRow
          selected={selected}
          alarm={alarm}
          onSelect={() => {
            onSelect(device);
          }}
        >
          <Box w={10} h={10} bg={color} style={{ borderRadius: 5, flex: 'none' }} />
          {/* Wrapped, never cut: "Fridge A2 (reagents)" and "Fridge A2 (samples)" differ at the end. */}
          <Text size="sm" c={color} fw={500} style={{ flex: 1, overflowWrap: 'anywhere' }}>
            {device.name}
            <VisuallyHidden component="span">
              {[
                '',
                online ? t('connection.online') : t('connection.offline'),
                ...(alarm ? [t('alarmEvents.highlight.inAlarm')] : []),
              ].join(', ')}
            </VisuallyHidden>
          </Text>
        </SelectableRow>
      </EditableName>
    </li>
  );
}

/** Assign a user to the device and, when it has a location, take it off that location. */
function DeviceActions({ device, unassigning, onAssignUser, onUnassign }: DeviceListItemProps) {
  const { t } = useTranslation();
  return (
    <>
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={t('dashboard.locations.assignUser', { name: device.name })}
        onClick={() => {
          onAssignUser(device);
        }}
      >
        <IconUserPlus size={16} />
      </ActionIcon>
      {device.locationId && (
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('dashboard.locations.unassign', { name: device.name })}
          loading={unassigning}
          onClick={onUnassign}
        >
          <IconUnlink size={16} />
        </ActionIcon>
      )}
    </>
  );
}
