import type { Device } from '@vigil/contracts';
import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { storage } from '../../../lib/storage';
import { hasActiveAlarm } from '../api/live-cache';

/** Spec monitoring 3: the local preferences of the selection. */
export const selectionKeys = { device: 'selectedDevice', location: 'selectedLocation' } as const;

export interface DashboardSelection {
  deviceId: string | null;
  locationId: string | null;
  selectDevice: (device: { id: string; locationId: string | null }) => void;
  selectLocation: (locationId: string | null) => void;
}

/**
 * The device the data panel opens on: the one last looked at (stored), else the first in alarm,
 * else the first that has readings, else the first — never an empty chart when data exists.
 */
export function firstChoice(devices: Device[], stored: string | null): Device | undefined {
  return (
    devices.find((device) => device.id === stored) ??
    devices.find((device) => hasActiveAlarm(device)) ??
    devices.find((device) => device.latestData.nodeData !== null || device.lastSeenAt !== null) ??
    devices[0]
  );
}

/** The device the data panel opens on when the URL names none (or one that is gone). */
export function initialDeviceId(devices: Device[]): string | null {
  return firstChoice(devices, storage.get(selectionKeys.device))?.id ?? null;
}

interface Shown {
  deviceId: string | null;
  locationId: string | null;
  /** Chosen here, not in the URL yet. */
  chosen: boolean;
}

/** What the URL asks for while it names a device of the list, else `firstChoice`'s pick. */
function shownSelection(
  devices: Device[] | undefined,
  asked: { deviceId: string | null; locationId: string | null },
): Shown {
  const kept = { ...asked, chosen: false };
  if (!devices) return kept;
  if (asked.deviceId && devices.some((device) => device.id === asked.deviceId)) return kept;
  const stored = storage.get(selectionKeys.device);
  const pick = firstChoice(devices, stored);
  if (!pick) return kept;
  const locationId =
    asked.locationId ??
    (stored === pick.id ? storage.get(selectionKeys.location) : null) ??
    pick.locationId;
  return { deviceId: pick.id, locationId, chosen: true };
}

/**
 * The selected device and location live in the URL (`?device=<uuid>&location=<uuid>`), so a view
 * can be shared, and are mirrored to local storage for the next visit. With none chosen (or a
 * device that is gone), `firstChoice` picks one: shown in the same render that has the list, so
 * that the data panel asks for its chart at once, and written to the URL after it.
 */
export function useDashboardSelection(devices: Device[] | undefined): DashboardSelection {
  const [params, setParams] = useSearchParams();
  const askedDevice = params.get('device');
  const askedLocation = params.get('location');
  const { deviceId, locationId, chosen } = useMemo(
    () => shownSelection(devices, { deviceId: askedDevice, locationId: askedLocation }),
    [devices, askedDevice, askedLocation],
  );

  const write = useCallback(
    (device: string | null, location: string | null, replace = false) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of [
            ['device', device],
            ['location', location],
          ] as const) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          return next;
        },
        { replace },
      );
      if (device) storage.set(selectionKeys.device, device);
      else storage.remove(selectionKeys.device);
      if (location) storage.set(selectionKeys.location, location);
      else storage.remove(selectionKeys.location);
    },
    [setParams],
  );

  useEffect(() => {
    if (chosen) write(deviceId, locationId, true);
  }, [chosen, deviceId, locationId, write]);

  const selectDevice = useCallback(
    (device: { id: string; locationId: string | null }) => {
      write(device.id, device.locationId ?? locationId);
    },
    [write, locationId],
  );
  const selectLocation = useCallback(
    (location: string | null) => {
      write(deviceId, location);
    },
    [write, deviceId],
  );
  return { deviceId, locationId, selectDevice, selectLocation };
}
