import { queryOptions, useQuery } from '@tanstack/react-query';
import { firmwareListReply, type FirmwareKind, type FirmwareTarget } from '@vigil/contracts';
import { api } from '../../../lib/api-client';

export const firmwareKeys = { all: ['firmware'] as const };

/** GET /api/firmware — the uploaded files of one target and kind, newest first. */
export const firmwareFilesQuery = (target: FirmwareTarget, kind?: FirmwareKind) =>
  queryOptions({
    queryKey: [...firmwareKeys.all, target, kind ?? 'all'],
    queryFn: ({ signal }) =>
      api.get('/api/firmware', firmwareListReply, { query: { target, kind }, signal }),
  });

export function useFirmwareFiles(target: FirmwareTarget, kind?: FirmwareKind, enabled = true) {
  return useQuery({ ...firmwareFilesQuery(target, kind), enabled });
}
