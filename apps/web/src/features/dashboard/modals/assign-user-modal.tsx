import { ActionIcon, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { messages, type Device } from '@vigil/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../lib/messages';
import { notifySuccess } from '../../../lib/notify';
import { useAssignUser, useUnassignUser } from '../api/device-mutations';
import { useUserOptions } from '../api/list-user-options';

interface AssignUserModalProps {
  device: Device | null;
  onClose: () => void;
}

/** `assignUser`: lets a user of the account see the device; lists who already does. */
export function AssignUserModal({ device, onClose }: AssignUserModalProps) {
  const { t } = useTranslation();
  const { userId, error, choose, close, submit, assign } = useAssignUserForm(device, onClose);
  const users = useUserOptions(device !== null);
  const assigned = device?.deviceUsers ?? [];
  const options = (users.data ?? [])
    .filter((user) => !assigned.some((person) => person.id === user.id))
    .map((user) => ({ value: user.id, label: `${user.name} (${user.email})` }));
  return (
    <Modal
      opened={device !== null}
      onClose={close}
      size="md"
      title={t('dashboard.assignUser.title', { name: device?.name ?? '' })}
      data-testid="assignUser"
    >
      <Stack gap="md">
        <Select
          label={t('dashboard.assignUser.user')}
          placeholder={t('dashboard.assignUser.placeholder')}
          nothingFoundMessage={t('dashboard.assignUser.none')}
          data={options}
          value={userId}
          error={error}
          searchable
          data-autofocus
          onChange={choose}
        />
        <AssignedUsers device={device} onUnassigned={close} />
      </Stack>
      <Group justify="flex-end" mt="xl">
        <Button variant="default" onClick={close}>
          {t('common.cancel')}
        </Button>
        <Button loading={assign.isPending} onClick={submit}>
          {t('dashboard.assignUser.submit')}
        </Button>
      </Group>
    </Modal>
  );
}

/** The chosen user, its error, and the assignment that closes the modal once done. */
function useAssignUserForm(device: Device | null, onClose: () => void) {
  const { t } = useTranslation();
  const [userId, setUserId] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const assign = useAssignUser();
  const close = () => {
    setUserId(null);
    setError(undefined);
    onClose();
  };
  const submit = () => {
    if (!userId) {
      setError(translateMessage(messages.userRequired));
      return;
    }
    if (!device) return;
    assign.mutate(
      { userId, deviceId: device.id },
      {
        onSuccess: () => {
          notifySuccess(t('dashboard.assignUser.assigned'));
          close();
        },
      },
    );
  };
  const choose = (value: string | null) => {
    setUserId(value);
    setError(undefined);
  };
  return { userId, error, choose, close, submit, assign };
}

interface AssignedUsersProps {
  device: Device | null;
  onUnassigned: () => void;
}

/** Who already sees the device, each with a button that takes the device away from them. */
function AssignedUsers({ device, onUnassigned }: AssignedUsersProps) {
  const { t } = useTranslation();
  const unassign = useUnassignUser();
  const assigned = device?.deviceUsers ?? [];
  if (assigned.length === 0) return null;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {t('dashboard.assignUser.current')}
      </Text>
      {assigned.map((person) => (
        <Group key={person.id} justify="space-between" gap="xs" wrap="nowrap">
          <Text size="sm" truncate>
            {person.name} ({person.email})
          </Text>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t('dashboard.assignUser.unassign', { name: person.name })}
            loading={unassign.isPending && unassign.variables.userId === person.id}
            onClick={() => {
              if (!device) return;
              unassign.mutate(
                { userId: person.id, deviceId: device.id },
                {
                  onSuccess: () => {
                    notifySuccess(t('dashboard.assignUser.unassigned'));
                    onUnassigned();
                  },
                },
              );
            }}
          >
            <IconX size={16} />
          </ActionIcon>
        </Group>
      ))}
    </Stack>
  );
}
