import { useQuery } from '@tanstack/react-query';
import { deviceListReply, locationListReply, pageSizes } from '@vigil/contracts';
import { api } from '../../../lib/api-client';
import { mapKeys } from './keys';

/** GET /api/location/{ownUserId} — 100 a page on the map (spec monitoring 7), for add location. */
export function useMapLocations(ownUserId: string, enabled: boolean) {
  return useQuery({
    queryKey: mapKeys.locations(ownUserId),
    queryFn: ({ signal }) =>
      api.get(`/api/location/${encodeURIComponent(ownUserId)}`, locationListReply, {
        query: { page: 1, pageSize: pageSizes.mapLocations },
        signal,
      }),
    enabled,
  });
}

/**
 * GET /api/device/{ownUserId}/ — every device the person may see: the devices an owner may add
 * to a location, and everyone's last readings before the first live ones arrive.
 */
export function useMapDevices(ownUserId: string) {
  return useQuery({
    queryKey: mapKeys.devices(ownUserId),
    queryFn: ({ signal }) =>
      api.get(`/api/device/${encodeURIComponent(ownUserId)}/`, deviceListReply, {
        query: { page: 1, pageSize: pageSizes.full },
        signal,
      }),
  });
}
