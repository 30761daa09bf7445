import { Alert, Modal, Stack } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import type { Role, User } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { UserForm } from './user-form';

interface AddEditUserModalProps {
  opened: boolean;
  /** The user to edit; none to add one. */
  user: User | undefined;
  actorRole: Role;
  onClose: () => void;
}

/** `addEditUser` (medium): add a person (invited by mail) or edit one. */
export function AddEditUserModal({ opened, user, actorRole, onClose }: AddEditUserModalProps) {
  const { t } = useTranslation();
  const mode = user ? 'edit' : 'add';
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="md"
      title={mode === 'add' ? t('users.form.addTitle') : t('users.form.editTitle')}
      data-testid="addEditUser"
    >
      <Stack gap="md">
        {mode === 'add' && (
          <Alert variant="light" icon={<IconMailForward size={18} />} p="sm">
            {t('users.form.invitation')}
          </Alert>
        )}
        <UserForm key={user?.id ?? 'new'} user={user} actorRole={actorRole} onDone={onClose} />
      </Stack>
    </Modal>
  );
}
