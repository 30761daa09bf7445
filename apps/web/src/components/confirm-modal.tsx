import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface ConfirmModalProps {
  /** The spec's modal name (e.g. `logoutModal`, `deleteUser`), kept as its test id. */
  name: string;
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** A medium confirmation dialog with cancel and one confirming action. */
export function ConfirmModal(props: ConfirmModalProps) {
  const { t } = useTranslation();
  const { name, opened, title, children, confirmLabel, danger, loading, onConfirm, onClose } =
    props;
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="md" data-testid={name}>
      <Text>{children}</Text>
      <Group justify="flex-end" mt="xl">
        <Button variant="default" onClick={onClose} disabled={loading}>
          {t('common.cancel')}
        </Button>
        <Button
          color={danger ? 'red' : undefined}
          loading={loading}
          onClick={onConfirm}
          data-autofocus
        >
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
