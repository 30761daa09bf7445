import { messages, type Device } from '@vigil/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-error';
import { translateMessage } from '../../../lib/messages';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDeleteMap } from '../api/delete-map';
import { actionable, useSaveMap } from '../api/save-map';
import { removeDevice, removeLocation, saveBodyOf } from '../model/draft';
import type { MapAction } from './map-actions';
import type { MapEditor } from './use-map-editor';

/** A location or device about to leave the map (deleteMapLocation / deleteMapDevice). */
export interface Removal {
  kind: 'location' | 'device';
  id: string;
  name: string;
}

/** The owner's commands: Save, delete map, the right-click actions and their confirmations. */
export type MapCommands = ReturnType<typeof useMapCommands>;

export function useMapCommands(
  editor: MapEditor,
  names: (kind: Removal['kind'], id: string) => string,
) {
  return { ...useMapPersistence(editor), ...useMapItemActions(editor, names) };
}

/** Save the map, and delete it after confirmation (the view resets and the canvas clears). */
function useMapPersistence(editor: MapEditor) {
  const { t } = useTranslation();
  const save = useSaveMap();
  const remove = useDeleteMap();
  const [deletingMap, setDeletingMap] = useState(false);
  const failed = (error: Error) => {
    notifyError(
      isApiError(error) && actionable(error) ? error.translated : t('errors.somethingWentWrong'),
    );
  };
  const { map, draft } = editor;

  return {
    saving: save.isPending,
    deleting: remove.isPending,
    deletingMap,
    save: () => {
      // Spec monitoring 5: saving needs a selected map.
      if (!map || !draft) {
        notifyError(translateMessage(messages.mapSelectMap));
        return;
      }
      save.mutate(saveBodyOf(map.id, draft, editor.view), {
        onSuccess: () => {
          editor.forget(map.id);
          notifySuccess(t('map.saved'));
        },
        onError: failed,
      });
    },
    askDeleteMap: () => {
      if (map) setDeletingMap(true);
      else notifyError(t('map.selectMapDelete'));
    },
    cancelDeleteMap: () => {
      setDeletingMap(false);
    },
    confirmDeleteMap: () => {
      if (!map) return;
      remove.mutate(map.id, {
        onSuccess: () => {
          notifySuccess(t('map.deleted'));
          setDeletingMap(false);
          // Spec monitoring 4: the view resets and the canvas is cleared.
          editor.forget(map.id);
          editor.choose(null);
        },
        onError: failed,
      });
    },
  };
}

/** The right-click and row actions: add a device, move, remove, and their confirmations. */
function useMapItemActions(
  editor: MapEditor,
  names: (kind: Removal['kind'], id: string) => string,
) {
  const [removal, setRemoval] = useState<Removal | null>(null);
  const [addingTo, setAddingTo] = useState<{ id: string; title: string } | null>(null);
  return {
    removal,
    addingTo,
    act: (action: MapAction) => {
      switch (action.kind) {
        case 'addDevice':
          setAddingTo({ id: action.id, title: names('location', action.id) });
          return;
        case 'removeLocation':
          setRemoval({ kind: 'location', id: action.id, name: names('location', action.id) });
          return;
        case 'move':
          editor.startPlacement({ kind: 'move', id: action.id, name: names('device', action.id) });
          return;
        case 'removeDevice':
          setRemoval({ kind: 'device', id: action.id, name: names('device', action.id) });
          return;
      }
    },
    closeAddDevice: () => {
      setAddingTo(null);
    },
    chooseDevice: (device: Device) => {
      if (!addingTo) return;
      editor.startPlacement({
        kind: 'device',
        id: device.id,
        deviceId: device.deviceId,
        name: device.name,
        locationId: addingTo.id,
      });
      setAddingTo(null);
    },
    cancelRemoval: () => {
      setRemoval(null);
    },
    confirmRemoval: () => {
      if (!removal) return;
      editor.change((current) =>
        removal.kind === 'location'
          ? removeLocation(current, removal.id)
          : removeDevice(current, removal.id),
      );
      setRemoval(null);
    },
  };
}
