import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { ProviderError } from './sms-provider.js';
import { connectLookup, type HostLookup } from './webhook-target.js';

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

export type WebhookDeliveryOptions = {
  /** WEBHOOK_ALLOW_PRIVATE: an on-premises install may post to its own network. */
  allowPrivate: boolean;
  /** How host names are resolved (the system's by default; tests pass their own). */
  lookup?: HostLookup;
  timeoutMs?: number;
};

const agents = {
  public: {
    http: new RequestFilteringHttpAgent({ allowPrivateIPAddress: false }),
    https: new RequestFilteringHttpsAgent({ allowPrivateIPAddress: false }),
  },
  private: {
    http: new RequestFilteringHttpAgent({ allowPrivateIPAddress: true }),
    https: new RequestFilteringHttpsAgent({ allowPrivateIPAddress: true }),
  },
};

/**
 * Posts one signed JSON document; any answer but 2xx is an error to retry. The host is resolved
 * as the connection opens and the address checked right there (request-filtering-agent), so a
 * name that now points somewhere private is refused before a byte is sent. Redirects are never
 * followed (node:http does not), and a 3xx counts as a failed delivery.
 */
export async function postWebhook(
  url: string,
  secret: string,
  document: unknown,
  deliveryId: string,
  options: WebhookDeliveryOptions,
): Promise<{ status: number }> {
  const body = JSON.stringify(document);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const target = new URL(url);
  const secure = target.protocol === 'https:';
  const pool = options.allowPrivate ? agents.private : agents.public;
  const headers = {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(body)),
    'user-agent': 'Vigil-Webhook/1',
    [timestampHeader]: timestamp,
    [signatureHeader]: webhookSignature(secret, timestamp, body),
    'x-vigil-delivery': deliveryId,
  };
  let status: number;
  try {
    status = await new Promise<number>((resolve, reject) => {
      const request = (secure ? https : http).request(target, {
        method: 'POST',
        headers,
        agent: secure ? pool.https : pool.http,
        ...(options.lookup ? { lookup: connectLookup(options.lookup) } : {}),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
      request.on('response', (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on('error', reject);
      request.end(body);
    });
  } catch (error) {
    throw new ProviderError(
      `webhook unreachable: ${error instanceof Error ? error.message : String(error)}`,
      true,
    );
  }
  if (status < 200 || status >= 300) throw new ProviderError(`webhook answered ${status}`, true);
  return { status };
}
