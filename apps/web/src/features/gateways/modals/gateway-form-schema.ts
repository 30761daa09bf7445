import { gatewayBody, type Gateway, type gatewayUpdateBody } from '@vigil/contracts';
import type { z } from 'zod';

/** Field names are the API's, so that a server error lands under its field. */
export type GatewayFormValues = {
  gatewayName: string;
  gatewayId: string;
  loraFreq: string;
};

export const initialGatewayValues = (gateway: Gateway | undefined): GatewayFormValues => ({
  gatewayName: gateway?.name ?? '',
  gatewayId: gateway?.gatewayId ?? '',
  loraFreq: gateway?.loraFreq ?? '',
});

/** The server's own rules and texts (spec platform 5: name min 3, gateway ID min 2). */
export const gatewayFormSchema = gatewayBody;

export const addGatewayBody = (values: GatewayFormValues): z.input<typeof gatewayBody> => ({
  gatewayName: values.gatewayName.trim(),
  gatewayId: values.gatewayId.trim(),
  loraFreq: values.loraFreq.trim(),
});

/** An edit sends the gateway ID only when it changed, and then with the unlock token. */
export function updateGatewayBody(
  gateway: Gateway,
  values: GatewayFormValues,
  unlockToken: string | undefined,
): z.input<typeof gatewayUpdateBody> {
  const gatewayId = values.gatewayId.trim().toLowerCase();
  return {
    gatewayName: values.gatewayName.trim(),
    loraFreq: values.loraFreq.trim(),
    ...(gatewayId === gateway.gatewayId ? {} : { gatewayId, unlockToken }),
  };
}
