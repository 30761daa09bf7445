import { useViewportSize, useWindowEvent } from '@mantine/hooks';
import { useEffect, useMemo, useState } from 'react';
import { useBlocker } from 'react-router';
import { useAlarmSound } from '../../../lib/alarm-sound';
import { getSession, useSession } from '../../../lib/session';
import { useTemperatureUnit } from '../../../lib/use-temperature-unit';
import { useLiveReadings } from '../api/live-map';
import { useMaps } from '../api/list-maps';
import { useMapDevices, useMapLocations } from '../api/map-options';
import { placedIds } from '../model/draft';
import { canvasSizeOf } from '../model/view';
import { useDeviceViews } from './use-device-views';
import { useMapCommands } from './use-map-commands';
import { useMapEditor } from './use-map-editor';
import { useMapLive } from './use-map-live';

/** The shell's alarm sound and its mute, kept per person: the map adds its reasons to it. */
function useMapSound(email: string | undefined) {
  const { sounding } = useMapLive(email);
  const alarmSound = useAlarmSound();
  const { sound } = alarmSound;
  useEffect(() => {
    sound('map', sounding);
    return () => {
      sound('map', false);
    };
  }, [sound, sounding]);
  return alarmSound;
}

/**
 * Leaving or reloading the page with changes not saved asks first: the browser's own prompt,
 * and ours for a link within the app. A sign-out (the session is gone by then) is not held.
 */
function useLeaveGuard(unsaved: boolean) {
  useWindowEvent('beforeunload', (event) => {
    if (unsaved) event.preventDefault();
  });
  return useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsaved && nextLocation.pathname !== currentLocation.pathname && getSession() !== null,
  );
}

/** Everything the map page shows and does: the maps, the editor, the devices and the commands. */
export function useMapPage(frameWidth: number) {
  const session = useSession();
  const owner = session?.role === 'super_user';
  const ownUserId = session?.userId ?? '';
  const maps = useMaps();
  const devices = useMapDevices(ownUserId);
  const locations = useMapLocations(ownUserId, owner);
  const alarmSound = useMapSound(session?.email);
  const viewport = useViewportSize();
  const size = canvasSizeOf(viewport, frameWidth);
  const editor = useMapEditor(maps.data, size);
  const { map, draft } = editor;
  const [search, setSearch] = useState('');
  const leaving = useLeaveGuard(editor.unsaved);
  const live = useLiveReadings();
  const unit = useTemperatureUnit();
  const deviceList = useMemo(() => devices.data?.list ?? [], [devices.data]);
  const views = useDeviceViews({ draft, map, devices: deviceList, live, unit, search });
  const names = (kind: 'location' | 'device', id: string) =>
    (kind === 'location'
      ? draft?.locations.find((location) => location.id === id)?.title
      : views.rows.find((row) => row.id === id)?.name) ?? '';
  const commands = useMapCommands(editor, names);
  const placed = placedIds(maps.data ?? [], map?.id ?? '', draft);
  const freeLocations = (locations.data?.list ?? [])
    .filter((location) => !placed.locations.has(location.id))
    .map((location) => ({ value: location.id, label: location.name }));
  const freeDevices = deviceList.filter(
    (device) => device.locationId === commands.addingTo?.id && !placed.devices.has(device.id),
  );
  const free = { freeLocations, freeDevices };
  return {
    owner,
    maps,
    locations,
    alarmSound,
    size,
    editor,
    search,
    setSearch,
    leaving,
    ...views,
    commands,
    ...free,
  };
}

export type MapPageState = ReturnType<typeof useMapPage>;
