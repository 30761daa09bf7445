import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okReply, type UserMetadata } from '@vigil/contracts';
import { api } from '../../../lib/api-client';
import { sharedKeys } from '../../../lib/query-keys';

interface Preferences {
  alarmSoundMuted: boolean;
}

/** PUT /api/user/preferences — kept on the server, so that they follow the person. */
export const updatePreferences = (preferences: Preferences) =>
  api.put('/api/user/preferences', okReply, { body: preferences });

export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePreferences,
    onSuccess: (_reply, preferences) => {
      queryClient.setQueryData<UserMetadata>(sharedKeys.userMetadata, (current) =>
        current ? { ...current, ...preferences } : current,
      );
    },
  });
}
