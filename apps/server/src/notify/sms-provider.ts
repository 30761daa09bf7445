/** A Twilio-compatible HTTP API for SMS and voice calls. */
export type SmsProviderConfig = {
  apiUrl: string;
  accountSid: string;
  authToken: string;
  from: string;
};

export type SmsProvider = {
  sendSms: (to: string, body: string) => Promise<{ providerId: string }>;
  call: (to: string, text: string) => Promise<{ providerId: string }>;
};

/** A provider's refusal; `retry` is false for a request it will never accept (4xx). */
export class ProviderError extends Error {
  override name = 'ProviderError';
  constructor(
    message: string,
    readonly retry: boolean,
  ) {
    super(message);
  }
}

const escapeXml = (value: string) => value.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * POSTs form-encoded requests to `{apiUrl}/2010-04-01/Accounts/{sid}/Messages.json` and
 * `/Calls.json` with basic auth `sid:token`, as Twilio and its look-alikes accept them.
 */
export function createSmsProvider(config: SmsProviderConfig, timeoutMs = 10_000): SmsProvider {
  const base = `${config.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}`;
  const authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`;

  async function post(resource: string, form: Record<string, string>) {
    let response: Response;
    try {
      response = await fetch(`${base}/${resource}`, {
        method: 'POST',
        headers: {
          authorization,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams(form).toString(),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new ProviderError(
        `provider unreachable: ${error instanceof Error ? error.message : String(error)}`,
        true,
      );
    }
    const text = await response.text();
    if (!response.ok) {
      const retry = response.status >= 500 || response.status === 429;
      throw new ProviderError(`provider answered ${response.status}: ${text.slice(0, 200)}`, retry);
    }
    let sid = '';
    try {
      const parsed = (JSON.parse(text) as { sid?: unknown }).sid;
      sid = typeof parsed === 'string' ? parsed : '';
    } catch {
      // A provider that accepted the message but answered no JSON: keep no id.
    }
    return { providerId: sid };
  }

  return {
    sendSms: (to, body) => post('Messages.json', { To: to, From: config.from, Body: body }),
    call: (to, text) =>
      post('Calls.json', {
        To: to,
        From: config.from,
        Twiml: `<Response><Say>${escapeXml(text)}</Say></Response>`,
      }),
  };
}
