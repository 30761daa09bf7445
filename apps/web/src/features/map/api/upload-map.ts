import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mapUploadReply } from '@vigil/contracts';
import { api } from '../../../lib/api-client';
import { mapKeys } from './keys';

/** POST /api/map/upload — multipart `file` and `title`; the reply's message is 'Saved'. */
export function uploadMap({ title, file }: { title: string; file: File }) {
  const body = new FormData();
  body.append('title', title);
  body.append('file', file);
  return api.post('/api/map/upload', mapUploadReply, { body });
}

export function useUploadMap() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadMap,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mapKeys.list }),
  });
}
