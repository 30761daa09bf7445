import { useMutation, useQueryClient } from '@tanstack/react-query';
import { firmwareUploadReply, type FirmwareKind, type FirmwareTarget } from '@vigil/contracts';
import { api } from '../../../lib/api-client';
import { firmwareKeys } from './list-firmware';

export interface FirmwareUpload {
  target: FirmwareTarget;
  files: Partial<Record<FirmwareKind, File>>;
  /** Typed versions; a file without one takes it from its name on the server. */
  versions: Partial<Record<FirmwareKind, string>>;
}

const versionField: Record<FirmwareKind, string> = {
  loraFw: 'loraFwVersion',
  espFw: 'espFwVersion',
  nextion: 'nextionVersion',
};

export function firmwareForm({ target, files, versions }: FirmwareUpload): FormData {
  const form = new FormData();
  form.append('target', target);
  for (const [kind, file] of Object.entries(files) as [FirmwareKind, File | undefined][]) {
    if (!file) continue;
    const version = versions[kind]?.trim();
    if (version) form.append(versionField[kind], version);
    form.append(kind, file, file.name);
  }
  return form;
}

/** POST /api/firmware (multipart): loraFw, espFw (not for nodes), nextion; .bin and .tft. The modal shows the failure (spec: 'something went wrong' toast). */
export const uploadFirmware = (upload: FirmwareUpload) =>
  api.post('/api/firmware', firmwareUploadReply, { body: firmwareForm(upload), silent: true });

export function useUploadFirmware() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadFirmware,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: firmwareKeys.all }),
  });
}
