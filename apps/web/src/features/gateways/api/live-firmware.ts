import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Device, Gateway, GatewayFirmwareEvent } from '@vigil/contracts';
import { sharedKeys } from '../../../lib/query-keys';
import { useLiveChannel, useLiveEvent } from '../../../lib/socket';

type Paged<T> = { list: T[] } & Record<string, unknown>;

/** Writes an OTA event's columns into every cached gateways and devices list (STYLE 9). */
export function applyFirmwareEvent(queryClient: QueryClient, event: GatewayFirmwareEvent): void {
  const { gateway, device } = event;
  if (gateway) {
    queryClient.setQueriesData<Paged<Gateway>>({ queryKey: sharedKeys.gateways }, (current) =>
      current && Array.isArray(current.list)
        ? {
            ...current,
            list: current.list.map((row) => (row.id === gateway.id ? { ...row, ...gateway } : row)),
          }
        : current,
    );
  }
  if (device) {
    queryClient.setQueriesData<Paged<Device>>({ queryKey: sharedKeys.devices }, (current) =>
      current && Array.isArray(current.list)
        ? {
            ...current,
            list: current.list.map((row) =>
              row.id === device.id
                ? { ...row, fvLastVersion: device.fvLastVersion, fvNewVersion: device.fvNewVersion }
                : row,
            ),
          }
        : current,
    );
  }
}

/**
 * The platform administrator's live OTA progress: a socket while the page is open, its
 * `gatewayFirmware` events applied to the cached lists. Returns the latest event per target.
 */
export function useLiveFirmware(onEvent?: (event: GatewayFirmwareEvent) => void): void {
  const queryClient = useQueryClient();
  const channel = useLiveChannel({});
  useLiveEvent(channel, 'gatewayFirmware', (event) => {
    applyFirmwareEvent(queryClient, event);
    onEvent?.(event);
  });
}
