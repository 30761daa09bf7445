import type { Device } from '@vigil/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { removeDevice } from '../model/draft';
import type { DeviceView } from '../model/placed-devices';
import { AddMapDeviceModal } from '../modals/add-map-device-modal';
import { AddMapModal } from '../modals/add-map-modal';
import type { MapCommands } from './use-map-commands';
import type { MapEditor } from './use-map-editor';

interface OwnerModalsProps {
  editor: MapEditor;
  commands: MapCommands;
  rows: readonly DeviceView[];
  /** The devices the add-device dialog offers. */
  freeDevices: readonly Device[];
  adding: boolean;
  onCloseAdding: () => void;
}

/**
 * The owner's dialogs: addMap, add a device to a location, deleteMap, deleteMapLocation,
 * deleteMapDevice and confirmDeviceRemovedMap (one removed device at a time, each asked once).
 */
export function OwnerModals(props: OwnerModalsProps) {
  const { editor, commands, rows, freeDevices, adding, onCloseAdding } = props;
  const { t } = useTranslation();
  return (
    <>
      <AddMapModal opened={adding} onClose={onCloseAdding} onUploaded={editor.choose} />
      <AddMapDeviceModal
        location={commands.addingTo}
        devices={freeDevices}
        onChoose={commands.chooseDevice}
        onClose={commands.closeAddDevice}
      />
      <ConfirmModal
        name="deleteMap"
        opened={commands.deletingMap}
        title={t('map.deleteMapModal.title')}
        confirmLabel={t('map.deleteMapModal.confirm')}
        danger
        loading={commands.deleting}
        onClose={commands.cancelDeleteMap}
        onConfirm={commands.confirmDeleteMap}
      >
        {t('map.deleteMapModal.text', { title: editor.map?.title ?? '' })}
      </ConfirmModal>
      <ConfirmModal
        name={commands.removal?.kind === 'location' ? 'deleteMapLocation' : 'deleteMapDevice'}
        opened={commands.removal !== null}
        title={t(`map.remove.${commands.removal?.kind ?? 'device'}.title`)}
        confirmLabel={t(`map.remove.${commands.removal?.kind ?? 'device'}.confirm`)}
        danger
        onClose={commands.cancelRemoval}
        onConfirm={commands.confirmRemoval}
      >
        {t(`map.remove.${commands.removal?.kind ?? 'device'}.text`, {
          name: commands.removal?.name ?? '',
        })}
      </ConfirmModal>
      <RemovedDeviceModal editor={editor} rows={rows} />
    </>
  );
}

/** confirmDeviceRemovedMap: one device removed from the account at a time, each asked once. */
function RemovedDeviceModal({ editor, rows }: Pick<OwnerModalsProps, 'editor' | 'rows'>) {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(() => new Set());
  const removed = rows.find((row) => row.state === 'removed' && !dismissed.has(row.id));
  const dismiss = (id: string) => {
    setDismissed((current) => new Set(current).add(id));
  };
  return (
    <ConfirmModal
      name="confirmDeviceRemovedMap"
      opened={removed !== undefined && !editor.placement}
      title={t('map.removedModal.title')}
      confirmLabel={t('map.removedModal.confirm')}
      onClose={() => {
        if (removed) dismiss(removed.id);
      }}
      onConfirm={() => {
        if (!removed) return;
        dismiss(removed.id);
        editor.change((current) => removeDevice(current, removed.id));
      }}
    >
      {t('map.removedModal.text', { name: removed?.name ?? '' })}
    </ConfirmModal>
  );
}
