import type { UseFormReturnType } from '@mantine/form';
import type { Gateway, gatewayCredentials } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { ApiError } from '../../../lib/api-error';
import { showServerError } from '../../../lib/forms';
import { notifySuccess } from '../../../lib/notify';
import { useAddGateway } from '../api/add-gateway';
import { useUpdateGateway } from '../api/update-gateway';
import { addGatewayBody, updateGatewayBody, type GatewayFormValues } from './gateway-form-schema';

export type GatewayCredentials = z.infer<typeof gatewayCredentials>;

interface SaveGatewayOptions {
  gateway: Gateway | undefined;
  form: UseFormReturnType<GatewayFormValues>;
  unlockToken: string | undefined;
  onDone: () => void;
  /** A new gateway's connection details, with the secret shown this once. */
  onCreated: (credentials: GatewayCredentials) => void;
}

/** Adds (POST /api/gateway) or edits (PUT /api/gateway/{id}). */
export function useSaveGateway(options: SaveGatewayOptions) {
  const { gateway, form, unlockToken, onDone, onCreated } = options;
  const { t } = useTranslation();
  const addGateway = useAddGateway();
  const updateGateway = useUpdateGateway();
  const onError = (error: ApiError) => {
    showServerError(form, error);
  };

  const save = (values: GatewayFormValues) => {
    if (gateway) {
      const body = updateGatewayBody(gateway, values, unlockToken);
      const onSuccess = () => {
        notifySuccess(t('gateways.saved'));
        onDone();
      };
      updateGateway.mutate({ id: gateway.id, body }, { onSuccess, onError });
      return;
    }
    const onSuccess = (credentials: GatewayCredentials) => {
      notifySuccess(t('gateways.added', { name: credentials.gateway.name }));
      onDone();
      onCreated(credentials);
      // The secret lives in the configuration dialog only, not in the mutation cache.
      addGateway.reset();
    };
    addGateway.mutate(addGatewayBody(values), { onSuccess, onError });
  };

  return { save, pending: addGateway.isPending || updateGateway.isPending };
}
