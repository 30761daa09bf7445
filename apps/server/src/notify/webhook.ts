import { createHmac, timingSafeEqual } from 'node:crypto';
import { ProviderError } from './sms-provider.js';

export const signatureHeader = 'x-vigil-signature';
export const timestampHeader = 'x-vigil-timestamp';

/**
 * The signature of a webhook delivery: HMAC-SHA256 with the webhook's secret over
 * `<timestamp>.<body>` (the timestamp in Unix seconds, as sent in `X-Vigil-Timestamp`), so a
 * receiver can refuse replays of old deliveries. Sent as `X-Vigil-Signature: sha256=<hex>`.
 */
export function webhookSignature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

export function verifyWebhookSignature(
  secret: string,
  timestamp: string,
  body: string,
  signature: string,
): boolean {
  const expected = Buffer.from(webhookSignature(secret, timestamp, body));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Posts one signed JSON document; any non-2xx answer is an error to retry. */
export async function postWebhook(
  url: string,
  secret: string,
  document: unknown,
  deliveryId: string,
  timeoutMs = 10_000,
): Promise<{ status: number }> {
  const body = JSON.stringify(document);
  const timestamp = String(Math.floor(Date.now() / 1000));
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Vigil-Webhook/1',
        [timestampHeader]: timestamp,
        [signatureHeader]: webhookSignature(secret, timestamp, body),
        'x-vigil-delivery': deliveryId,
      },
      body,
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
  } catch (error) {
    throw new ProviderError(
      `webhook unreachable: ${error instanceof Error ? error.message : String(error)}`,
      true,
    );
  }
  await response.body?.cancel();
  if (!response.ok) throw new ProviderError(`webhook answered ${response.status}`, true);
  return { status: response.status };
}
