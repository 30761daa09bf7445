import type { Device } from '@vigil/contracts';
import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { storage } from '../../../lib/storage';

/** Spec monitoring 3: the local preferences of the selection. */
export const selectionKeys = { device: 'selectedDevice', location: 'selectedLocation' } as const;

export interface DashboardSelection {
  deviceId: string | null;
  locationId: string | null;
  selectDevice: (device: { id: string; locationId: string | null }) => void;
  selectLocation: (locationId: string | null) => void;
}

/**
 * The selected device and location live in the URL (`?device=<uuid>&location=<uuid>`), so a view
 * can be shared, and are mirrored to local storage for the next visit. With none chosen (or a
 * device that is gone), the stored one, else the first device, is selected.
 */
export function useDashboardSelection(devices: Device[] | undefined): DashboardSelection {
  const [params, setParams] = useSearchParams();
  const deviceId = params.get('device');
  const locationId = params.get('location');

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
    if (!devices) return;
    if (deviceId && devices.some((device) => device.id === deviceId)) return;
    const stored = storage.get(selectionKeys.device);
    const pick = devices.find((device) => device.id === stored) ?? devices[0];
    if (!pick) return;
    const location = locationId ?? storage.get(selectionKeys.location) ?? pick.locationId;
    write(pick.id, location, true);
  }, [devices, deviceId, locationId, write]);

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
