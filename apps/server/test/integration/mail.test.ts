import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

type Received = { from: string; to: string[]; data: string };

/** A real SMTP peer on loopback that keeps what it is sent. */
async function startSmtpPeer() {
  const received: Received[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => {
        data += chunk.toString('utf8');
      });
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          data,
        });
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    received,
    /** Resolves once `count` messages have arrived. */
    async waitFor(count: number) {
      while (received.length < count) await new Promise<void>((resolve) => waiters.push(resolve));
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}

let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let test: TestApp;
beforeAll(async () => {
  smtp = await startSmtpPeer();
  test = await createTestApp({
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_FROM: 'Vigil <alerts@vigil.example>',
  });
});
afterAll(async () => {
  await test.close();
  await smtp.close();
});

describe('mail over SMTP', () => {
  it('sends the sign-up confirmation to a real SMTP server, in the language chosen at sign-up', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        name: 'Maria Skłodowska',
        email: 'maria@warszawa.example',
        password: 'polonium-and-radium-84',
        companyName: 'Instytut Radowy',
        countryCode: '+44',
        phoneNumber: '2079460002',
        language: 'pl',
      },
    });
    expect(response.statusCode).toBe(201);
    await test.runtime.worker?.drain();
    await smtp.waitFor(1);
    const [mail] = smtp.received;
    expect(mail?.from).toBe('alerts@vigil.example');
    expect(mail?.to).toEqual(['maria@warszawa.example']);
    expect(mail!.data).toContain('Subject: =?UTF-8?Q?Potwierd=C5=BA_swoje_konto_Vigil?=');
    const body = mail!.data.replace(/=\r?\n/g, '');
    const token = /http:\/\/vigil\.example\/auth\/confirm\/([A-Za-z0-9_-]+)/.exec(body)?.[1];
    expect(token).toBeDefined();
    const confirm = await test.app.inject({
      method: 'GET',
      url: `/api/auth/confirm/${token ?? ''}`,
    });
    expect(confirm.statusCode).toBe(200);
  });

  it('keeps a mail queued and retries when the SMTP server is unreachable', async () => {
    await smtp.close();
    await test.app.inject({
      method: 'POST',
      url: '/api/auth/forgot',
      payload: { email: 'maria@warszawa.example' },
    });
    await test.runtime.worker?.drain();
    const { jobs } = await import('../../src/db/schema/index.js');
    const rows = await test.runtime.ctx.db.select().from(jobs);
    const reset = rows.find((row) => JSON.stringify(row.payload).includes('Zresetuj'));
    expect(reset).toMatchObject({ status: 'queued', attempts: 1 });
    expect(reset?.lastError).toMatch(/ECONNREFUSED|connect/);
    expect(reset!.runAt.getTime()).toBeGreaterThan(Date.now());
  });
});
