import { Text } from '@mantine/core';
import type { Location } from '@vigil/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { notifySuccess } from '../../../lib/notify';
import { useDeleteLocation } from '../api/location-mutations';

/** Spec monitoring 9: the delete confirmation closes 200 ms after success. */
export const deleteCloseDelayMs = 200;

interface DeleteLocationModalProps {
  location: Location | null;
  onClose: () => void;
  onDeleted: (id: string) => void;
}

/** `deleteLocation`: confirm with the note about active alarms, then DELETE /api/location/{id}. */
export function DeleteLocationModal({ location, onClose, onDeleted }: DeleteLocationModalProps) {
  const { t } = useTranslation();
  const remove = useDeleteLocation();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(
    () => () => {
      clearTimeout(timer.current);
    },
    [],
  );
  const confirm = () => {
    if (!location) return;
    remove.mutate(location.id, {
      onSuccess: () => {
        notifySuccess(t('dashboard.locations.deleted'));
        onDeleted(location.id);
        timer.current = setTimeout(onClose, deleteCloseDelayMs);
      },
    });
  };
  return (
    <ConfirmModal
      name="deleteLocation"
      opened={location !== null}
      title={t('dashboard.deleteLocation.title')}
      confirmLabel={t('dashboard.deleteLocation.confirm')}
      danger
      loading={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      {t('dashboard.deleteLocation.text', { name: location?.name ?? '' })}
      <Text component="span" display="block" mt="sm" size="sm">
        <Text component="strong" c="red" fw={700} inherit>
          {t('dashboard.deleteLocation.warning')}
        </Text>{' '}
        {t('dashboard.deleteLocation.alarmNote')}
      </Text>
    </ConfirmModal>
  );
}
