import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountSettingsReply } from '@vigil/contracts';
import { api } from '../../../lib/api-client';

export const accountSettingsKey = ['accountSettings'] as const;

/** GET /api/account/getAccountSettings — temperature unit and voice call of the account. */
export const accountSettingsQuery = () =>
  queryOptions({
    queryKey: accountSettingsKey,
    queryFn: ({ signal }) =>
      api.get('/api/account/getAccountSettings', accountSettingsReply, { signal }),
  });

export function useAccountSettings() {
  return useQuery(accountSettingsQuery());
}
