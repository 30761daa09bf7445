import { useQuery } from '@tanstack/react-query';
import { userMetadataReply, type TemperatureUnit } from '@vigil/contracts';
import { api } from './api-client';
import { sharedKeys } from './query-keys';

/** The account's temperature unit, from GET /api/user/metadata (shared with the layout). */
export function useTemperatureUnit(): TemperatureUnit {
  const metadata = useQuery({
    queryKey: sharedKeys.userMetadata,
    queryFn: ({ signal }) => api.get('/api/user/metadata', userMetadataReply, { signal }),
    staleTime: 5 * 60_000,
    select: (person) => person.temperatureUnit,
  });
  return metadata.data ?? 'C';
}
