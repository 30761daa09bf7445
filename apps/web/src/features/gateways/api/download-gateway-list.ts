import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

export const gatewayListFilename = 'gatewayList.csv';

/** GET /api/gateway/csv — the account's gateways as a CSV file. */
export const downloadGatewayList = () => api.download('/api/gateway/csv');

export function useDownloadGatewayList() {
  return useMutation({
    mutationFn: downloadGatewayList,
    onSuccess: (file) => {
      saveFile(file, gatewayListFilename);
    },
  });
}
