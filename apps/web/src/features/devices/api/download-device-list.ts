import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

export const deviceListFilename = 'deviceList.csv';

/** GET /api/device/csv — the account's whole devices list as a CSV file. */
export const downloadDeviceList = () => api.download('/api/device/csv');

export function useDownloadDeviceList() {
  return useMutation({
    mutationFn: downloadDeviceList,
    onSuccess: (file) => {
      saveFile(file, deviceListFilename);
    },
  });
}
