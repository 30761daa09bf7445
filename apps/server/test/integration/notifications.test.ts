import { and, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client.js';
import { jobs } from '../../src/db/schema/index.js';
import { claim } from '../../src/jobs/queue.js';
import { createWorker } from '../../src/jobs/worker.js';
import { alarmNotifyJob } from '../../src/modules/notifications/alarm-notify.js';
import { createMailer } from '../../src/notify/email.js';
import { fanOut } from '../../src/modules/notifications/fan-out.js';
import { notificationJobHandlers } from '../../src/modules/notifications/jobs.js';
import { verifyWebhookSignature } from '../../src/notify/webhook.js';
import { demo } from '../helpers/fixtures.js';
import { startFakeProvider } from '../helpers/fake-provider.js';
import * as lab from '../helpers/notify-lab.js';
import { mailText, startSmtpPeer } from '../helpers/smtp-peer.js';
import { createDemoApp, login, type TestApp } from '../helpers/test-app.js';

let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let provider: Awaited<ReturnType<typeof startFakeProvider>>;
let test: TestApp;
let db: Db;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  provider = await startFakeProvider();
  test = await createDemoApp({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Vigil <alerts@vigil.example>',
    SMS_API_URL: provider.url,
    SMS_ACCOUNT_SID: 'AC123',
    SMS_AUTH_TOKEN: 'token-xyz',
    SMS_FROM: '+15005550006',
    // The fake provider that receives the webhook listens on loopback.
    WEBHOOK_ALLOW_PRIVATE: '1',
  });
  db = test.runtime.ctx.db;
});
afterAll(async () => {
  await test.close();
  await provider.close();
  await smtp.close();
});
beforeEach(() => {
  provider.reset();
  smtp.received.length = 0;
});

const createLab = (options: Parameters<typeof lab.createLab>[1]) => lab.createLab(db, options);
const raise = (fixture: lab.Lab) => lab.raise(db, fixture);
const rowsOf = (eventId: string) => lab.rowsOf(db, eventId);

/** Makes every waiting retry due now: the backoff has passed. */
const retriesDue = () =>
  db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.status, 'queued'));

describe('alarm notifications', () => {
  it('sends one message per recipient and channel, each once, with the alarm’s facts', async () => {
    const lab = await createLab({
      unit: 'F',
      voiceCall: true,
      alarm: { textEnable: true, callEnable: true, adminEnable: true },
      contacts: [{ email: 'night.shift@lab.example', phoneNumber: '7700900123' }],
    });
    const owner = await login(test.app, lab.owner.email);
    const hook = await test.app.inject({
      method: 'PUT',
      url: '/api/account/webhooks',
      headers: owner.headers,
      payload: { url: `${provider.url}/hook`, enable: true },
    });
    expect(hook.statusCode).toBe(200);
    const secret = hook.json().data.secret as string;
    expect(secret).toMatch(/^whsec_/);

    const payload = await raise(lab);
    await test.runtime.worker?.drain();
    // A second run of the same fan-out (the job retried) adds nothing.
    expect(await fanOut({ db, publicUrl: () => 'http://vigil.example' }, payload)).toBe(0);
    await test.runtime.worker?.drain();

    const rows = await rowsOf(payload.eventId);
    expect(rows.map((r) => `${r.channel} ${r.status}`).sort()).toEqual([
      'email sent',
      'email sent',
      'sms sent',
      'sms sent',
      'voice sent',
      'voice sent',
      'webhook sent',
    ]);
    expect(smtp.received.map((m) => m.to[0]).sort()).toEqual(
      [lab.owner.email, 'night.shift@lab.example'].sort(),
    );
    expect(
      provider
        .sms()
        .map((r) => r.form.To)
        .sort(),
    ).toEqual(['+442070000001', '+447700900123']);
    expect(provider.calls()).toHaveLength(2);
    expect(provider.sms()[0]?.headers.authorization).toBe(
      `Basic ${Buffer.from('AC123:token-xyz').toString('base64')}`,
    );
    expect(provider.sms()[0]?.form.From).toBe('+15005550006');

    const mail = mailText(smtp.received[0]!);
    expect(mail).toContain('Fridge too warm');
    expect(mail).toContain('Vaccine fridge');
    expect(mail).toContain('Cold Room 2');
    // 9.4 °C shown in the account's unit.
    expect(mail).toContain('48.9 °F');
    expect(mail).toContain(`http://vigil.example/dashboard?device=${lab.device.id}`);

    const [delivery] = provider.hooks();
    const timestamp = String(delivery?.headers['x-vigil-timestamp']);
    const signature = String(delivery?.headers['x-vigil-signature']);
    expect(verifyWebhookSignature(secret, timestamp, delivery!.body, signature)).toBe(true);
    expect(verifyWebhookSignature('whsec_wrong', timestamp, delivery!.body, signature)).toBe(false);
    expect(JSON.parse(delivery!.body)).toMatchObject({
      occasion: 'raised',
      eventId: payload.eventId,
      device: { name: 'Vaccine fridge' },
      value: 9.4,
    });
  });

  it('stops SMS at the account’s daily limit and says so in the log', async () => {
    const lab = await createLab({
      alarm: { textEnable: true, emailEnable: false },
      contacts: [{ email: '', phoneNumber: '7700900456' }],
    });
    const admin = await login(test.app, demo.admin);
    const limit = await test.app.inject({
      method: 'POST',
      url: '/api/account/addLimit',
      headers: admin.headers,
      payload: { accountId: lab.account.id, smsLimit: 1 },
    });
    expect(limit.statusCode).toBe(200);
    const missing = await test.app.inject({
      method: 'POST',
      url: '/api/account/addLimit',
      headers: admin.headers,
      payload: { smsLimit: 1 },
    });
    expect(missing.json().errors[0]).toMatchObject({ message: 'please choose account' });

    const payload = await raise(lab);
    await test.runtime.worker?.drain();
    expect(provider.sms()).toHaveLength(1);
    const rows = await rowsOf(payload.eventId);
    expect(rows.map((r) => `${r.status} ${r.reason ?? ''}`).sort()).toEqual([
      'sent ',
      'skipped SMS limit reached',
    ]);

    const owner = await login(test.app, lab.owner.email);
    const log = await test.app.inject({
      method: 'GET',
      url: '/api/user/notifications?isSms=1&pageSize=10',
      headers: owner.headers,
    });
    expect(
      log
        .json()
        .data.list.map((n: { reason: string | null }) => n.reason)
        .sort(),
    ).toEqual(['SMS limit reached', null]);
    const stats = await test.app.inject({
      method: 'GET',
      url: `/api/user/notifications/statistics?accountId=${lab.account.id}`,
      headers: admin.headers,
    });
    expect(stats.json().data.list).toEqual([
      {
        date: new Date().toISOString().slice(0, 10),
        accountId: lab.account.id,
        companyName: expect.stringMatching(/^Lab /),
        count: 1,
      },
    ]);
  });

  it('retries a failing provider with backoff and sends once when it recovers', async () => {
    const lab = await createLab({ alarm: { textEnable: true, emailEnable: false } });
    provider.failNext(2);
    const payload = await raise(lab);
    await test.runtime.worker?.drain();
    const [first] = await rowsOf(payload.eventId);
    expect(first).toMatchObject({ status: 'queued', reason: expect.stringContaining('500') });
    const [job] = await db
      .select()
      .from(jobs)
      .where(eq(jobs.singletonKey, `notification.deliver:${first!.id}`));
    expect(job).toMatchObject({ status: 'queued', attempts: 1 });
    expect(job!.runAt.getTime()).toBeGreaterThan(Date.now() + 3000);

    await retriesDue();
    await test.runtime.worker?.drain();
    await retriesDue();
    await test.runtime.worker?.drain();
    expect(provider.requests.map((r) => r.status)).toEqual([500, 500, 201]);
    const [sent] = await rowsOf(payload.eventId);
    expect(sent).toMatchObject({ status: 'sent', providerId: 'SM3', reason: null });
    expect(sent?.sentAt).toBeInstanceOf(Date);
  });

  it('loses nothing and sends nothing twice when the worker restarts mid-delivery', async () => {
    const lab = await createLab({
      alarm: { textEnable: true },
      contacts: [
        { email: 'a@lab.example', phoneNumber: '7700900001' },
        { email: 'b@lab.example', phoneNumber: '7700900002' },
      ],
    });
    const payload = await raise(lab);
    // The fan-out ran, then the process died: one delivery was claimed by the dead worker
    // (left running), one was already sent but its job never marked done.
    const deps = { db, publicUrl: () => 'http://vigil.example' };
    expect(await fanOut(deps, payload)).toBe(6);
    await db.update(jobs).set({ status: 'done' }).where(eq(jobs.name, alarmNotifyJob));
    const claimed = await claim(db, 'worker-that-died', 2);
    expect(claimed).toHaveLength(2);
    const handlers = notificationJobHandlers({
      db,
      mailer: createMailer({ smtpUrl: smtp.url, from: 'alerts@vigil.example', outboxDir: '' }),
      config: test.runtime.ctx.config,
      publicUrl: () => 'http://vigil.example',
      log: pino({ level: 'silent' }),
      lookupHost: test.runtime.ctx.lookupHost,
    });
    await handlers['notification.deliver']!(claimed[1]!.payload, claimed[1]!);
    const sentBefore = smtp.received.length + provider.sms().length;
    expect(sentBefore).toBe(1);
    await test.runtime.worker?.stop();

    // A new worker after the restart; the dead worker's locks have gone stale.
    await db.execute(
      sql`update ${jobs} set locked_at = now() - interval '11 minutes' where status = 'running'`,
    );
    const fresh = createWorker({ db, handlers, log: pino({ level: 'silent' }) });
    await fresh.drain();

    const rows = await rowsOf(payload.eventId);
    expect(rows).toHaveLength(6);
    expect(rows.every((r) => r.status === 'sent')).toBe(true);
    expect(smtp.received.length + provider.sms().length).toBe(6);
    expect(new Set(smtp.received.map((m) => m.to[0])).size).toBe(3);
    expect(new Set(provider.sms().map((r) => r.form.To)).size).toBe(3);
    const pending = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.name, 'notification.deliver'), sql`${jobs.status} <> 'done'`));
    expect(pending).toEqual([]);
  });

  it('logs SMS as not sent when no provider is configured', async () => {
    const lab = await createLab({ alarm: { textEnable: true, emailEnable: false } });
    const payload = await raise(lab);
    await fanOut({ db, publicUrl: () => 'http://vigil.example' }, payload);
    const handlers = notificationJobHandlers({
      db,
      mailer: createMailer({ smtpUrl: smtp.url, from: 'alerts@vigil.example', outboxDir: '' }),
      config: { sms: undefined, webhookAllowPrivate: false },
      publicUrl: () => 'http://vigil.example',
      log: pino({ level: 'silent' }),
      lookupHost: test.runtime.ctx.lookupHost,
    });
    const worker = createWorker({ db, handlers, log: pino({ level: 'silent' }) });
    await worker.drain();
    const [row] = await rowsOf(payload.eventId);
    expect(row).toMatchObject({ status: 'skipped', reason: 'SMS provider not configured' });
    expect(provider.requests).toEqual([]);
  });
});
