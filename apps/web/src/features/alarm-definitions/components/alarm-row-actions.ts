import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { DeviceAlarm } from '@vigil/contracts';
import type { TFunction } from 'i18next';
import type { RowAction } from '../../../components/row-actions';

export interface AlarmRowHandlers {
  onEdit: () => void;
  onDelete: () => void;
}

/** Edit and delete, where the editing rule allows (the server says so per alarm in `canEdit`). */
export function alarmRowActions(
  t: TFunction,
  alarm: DeviceAlarm,
  handlers: AlarmRowHandlers,
): RowAction[] {
  if (!alarm.canEdit) return [];
  return [
    {
      label: t('alarmDefinitions.alarm.edit', { name: alarm.name }),
      icon: IconPencil,
      onClick: handlers.onEdit,
    },
    {
      label: t('alarmDefinitions.alarm.delete', { name: alarm.name }),
      icon: IconTrash,
      color: 'red',
      onClick: handlers.onDelete,
    },
  ];
}
