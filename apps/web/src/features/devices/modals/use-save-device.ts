import type { UseFormReturnType } from '@mantine/form';
import type { Device } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../../lib/api-error';
import { showServerError } from '../../../lib/forms';
import { notifySuccess } from '../../../lib/notify';
import { useAddDevice } from '../api/add-device';
import { useUpdateDevice } from '../api/update-device';
import { addDeviceBody, updateDeviceBody, type DeviceFormValues } from './device-form-schema';

interface SaveDeviceOptions {
  device: Device | undefined;
  form: UseFormReturnType<DeviceFormValues>;
  unlockToken: string | undefined;
  onDone: () => void;
}

/** Adds (POST /api/device) or edits (PUT /api/device/{id}); the list reloads, the modal closes. */
export function useSaveDevice({ device, form, unlockToken, onDone }: SaveDeviceOptions) {
  const { t } = useTranslation();
  const addDevice = useAddDevice();
  const updateDevice = useUpdateDevice();
  const onError = (error: ApiError) => {
    showServerError(form, error);
  };

  const save = (values: DeviceFormValues) => {
    if (device) {
      const body = updateDeviceBody(device, values, unlockToken);
      const onSuccess = () => {
        notifySuccess(t('devices.saved'));
        onDone();
      };
      updateDevice.mutate({ id: device.id, body }, { onSuccess, onError });
      return;
    }
    const onSuccess = (added: Device) => {
      notifySuccess(t('devices.added', { name: added.name }));
      onDone();
    };
    addDevice.mutate(addDeviceBody(values), { onSuccess, onError });
  };

  return { save, pending: addDevice.isPending || updateDevice.isPending };
}
