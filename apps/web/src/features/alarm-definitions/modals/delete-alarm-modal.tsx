import type { DeviceAlarm } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { notifySuccess } from '../../../lib/notify';
import { useDeleteAlarm } from '../api/delete-alarm';

interface DeleteAlarmModalProps {
  alarm: DeviceAlarm | undefined;
  onClose: () => void;
}

/** `deleteDeviceAlarm`: confirm, delete, toast 'Device Alarm has been deleted!'. */
export function DeleteAlarmModal({ alarm, onClose }: DeleteAlarmModalProps) {
  const { t } = useTranslation();
  const remove = useDeleteAlarm();
  return (
    <ConfirmModal
      name="deleteDeviceAlarm"
      opened={alarm !== undefined}
      title={t('alarmDefinitions.alarm.deleteTitle')}
      confirmLabel={t('alarmDefinitions.alarm.deleteConfirm')}
      danger
      loading={remove.isPending}
      onClose={onClose}
      onConfirm={() => {
        if (!alarm) return;
        remove.mutate(alarm.id, {
          onSuccess: () => {
            notifySuccess(t('alarmDefinitions.alarm.deleted'));
            onClose();
          },
        });
      }}
    >
      {t('alarmDefinitions.alarm.deleteText', { name: alarm?.name ?? '' })}
    </ConfirmModal>
  );
}
