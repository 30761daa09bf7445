import { once } from 'node:events';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ProviderRequest = {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
  form: Record<string, string>;
  status: number;
};

/**
 * A Twilio-compatible SMS/voice API and a webhook receiver on loopback. `failNext(n)` answers
 * the next n requests with 500; every request (accepted or not) is kept.
 */
export async function startFakeProvider() {
  const requests: ProviderRequest[] = [];
  let failures = 0;
  let counter = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const status = failures > 0 ? 500 : 201;
      if (failures > 0) failures -= 1;
      const form = request.headers['content-type']?.includes('form')
        ? Object.fromEntries(new URLSearchParams(body))
        : {};
      requests.push({ path: request.url ?? '', headers: request.headers, body, form, status });
      counter += 1;
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(
        status === 201 ? JSON.stringify({ sid: `SM${String(counter)}` }) : '{"message":"boom"}',
      );
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${String(port)}`;
  const accepted = (suffix: string) =>
    requests.filter((r) => r.status < 300 && r.path.endsWith(suffix));
  return {
    url,
    requests,
    sms: () => accepted('/Messages.json'),
    calls: () => accepted('/Calls.json'),
    hooks: () => accepted('/hook'),
    failNext(count: number) {
      failures = count;
    },
    reset() {
      requests.length = 0;
      failures = 0;
      counter = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}
