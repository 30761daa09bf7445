import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accounts,
  alarmEvents,
  alarms,
  comments,
  devices,
  doorEvents,
  notifications,
  readings,
  reportRuns,
  reports,
} from '../../src/db/schema/index.js';
import { enqueueDueReports } from '../../src/jobs/reports/run.js';
import { demo, userIdOf } from '../helpers/fixtures.js';
import { addDevice, send } from '../helpers/inventory.js';
import { pdfText } from '../helpers/pdf-text.js';
import { startSmtpPeer, type ReceivedMail } from '../helpers/smtp-peer.js';
import { createDemoApp, login, type TestApp } from '../helpers/test-app.js';

/**
 * Runs of scheduled reports over seeded readings, with the schedule driven by an injected
 * clock (`enqueueDueReports(db, now)`), built by the worker and mailed to a real SMTP peer.
 *
 * The seeded day is Tuesday 10 March 2026 in Europe/Vaduz (+01:00): 2026-03-09T23:00Z to
 * 2026-03-10T23:00Z. The fridge reads every 10 minutes: 5.0 °C, except one hour (samples 60
 * to 65, 09:00 to 09:50 local) at 9.0 °C, above its alarm's 2..8 °C; samples 100 to 105 are
 * missing (a 70 minute silence, over 3 × the 10 minute cadence). Humidity is 40 %RH throughout.
 *   readings 144 − 6 = 138; mean (132·5 + 6·9) / 138 = 5.173913…
 *   MKT (ΔH/R = 10000 K, Python decimal, 40 digits) of 132 × 5 °C and 6 × 9 °C = 5.2206179…
 *   out of range: 6 samples × 10 min = 60 min; gaps: one of 70 min.
 */
const start = Date.parse('2026-03-09T23:00:00Z');
const end = Date.parse('2026-03-10T23:00:00Z');
const minute = 60_000;

let test: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let owner: Awaited<ReturnType<typeof login>>;
let fridgeId: string;
let viewerId: string;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  test = await createDemoApp({ SMTP_URL: smtp.url });
  owner = await login(test.app, demo.owner);
  viewerId = await userIdOf(test.runtime.ctx.db, demo.viewer);
  const fridge = await addDevice(test.app, owner.headers, { deviceName: 'Fridge R1' });
  fridgeId = fridge.id;
  const { db } = test.runtime.ctx;
  const [row] = await db
    .select({ accountId: devices.accountId })
    .from(devices)
    .where(eq(devices.id, fridgeId));
  await db.insert(alarms).values({
    accountId: row?.accountId ?? '',
    deviceId: fridgeId,
    name: 'Fridge range',
    tempEnabled: true,
    minTemp: 2,
    maxTemp: 8,
  });
  const values = [];
  for (let i = 0; i < 144; i++) {
    if (i >= 100 && i <= 105) continue;
    values.push({
      deviceId: fridgeId,
      ts: new Date(start + i * 10 * minute),
      t: i >= 60 && i <= 65 ? 9 : 5,
      h: 40,
    });
  }
  await db.insert(readings).values(values);
});
afterAll(async () => {
  await test.close();
  await smtp.close();
});

async function addReport(extra: object) {
  const response = await send(test.app, owner.headers, 'POST', '/api/reports', {
    name: 'Fridges daily',
    timezone: 'Europe/Vaduz',
    temp: true,
    humidity: true,
    carbon: false,
    adminEnable: false,
    devices: [fridgeId],
    users: [viewerId],
    ...extra,
  });
  if (response.statusCode !== 201) throw new Error(response.body);
  const id: string = response.json().data.id;
  // As if it had been created before the seeded day, with its first run due at its end.
  await test.runtime.ctx.db
    .update(reports)
    .set({ createdAt: new Date('2026-03-01T00:00:00Z'), nextRunAt: new Date(end) })
    .where(eq(reports.id, id));
  return id;
}

/** The decoded attachment of a received mail. */
function attachment(mail: ReceivedMail): { name: string; body: Buffer } {
  const match = /filename="?([^"\r\n;]+)"?[\s\S]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+?)\r?\n--/.exec(
    mail.data,
  );
  if (!match?.[1] || !match[2]) throw new Error('no attachment');
  return { name: match[1], body: Buffer.from(match[2].replace(/\r?\n/g, ''), 'base64') };
}

const runsOf = (id: string) =>
  test.runtime.ctx.db.select().from(reportRuns).where(eq(reportRuns.reportId, id));

describe('scheduled report runs', () => {
  it('fire once at 00:00 report time and mail a CSV with the statistics', async () => {
    const id = await addReport({ format: 0 });
    const { db } = test.runtime.ctx;
    expect(await enqueueDueReports(db, new Date(end - 1))).toBe(0);
    expect(await runsOf(id)).toEqual([]);
    expect(await enqueueDueReports(db, new Date(end))).toBe(1);
    expect(await enqueueDueReports(db, new Date(end + minute))).toBe(0);
    await test.runtime.worker?.drain();
    await smtp.waitFor(1);
    const runs = await runsOf(id);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({
      status: 'sent',
      manual: false,
      periodStart: new Date(start),
      periodEnd: new Date(end),
    });
    const mail = smtp.received.find((m) => m.to.includes(demo.viewer));
    if (!mail) throw new Error('no mail to the viewer');
    const file = attachment(mail);
    expect(file.name).toBe('Fridges-daily-2026-03-10.csv');
    const [header, ...rows] = file.body.toString('utf8').trim().split('\n');
    expect(header).toBe(
      'period start,period end,device,metric,unit,readings,min,max,mean,MKT,alarm low,alarm high,minutes out of range,data gaps,minutes in gaps,door openings,minutes open,longest open (minutes)',
    );
    expect(rows).toEqual([
      '2026-03-10 00:00:00,2026-03-11 00:00:00,Fridge R1,Temperature,°C,138,5.00,9.00,5.17,5.22,2.00,8.00,60.0,1,70.0,,,',
      '2026-03-10 00:00:00,2026-03-11 00:00:00,Fridge R1,Humidity,%RH,138,40.00,40.00,40.00,,,,0.0,1,70.0,,,',
    ]);
    // Logged in the notification log, sent.
    const logged = await db
      .select()
      .from(notifications)
      .where(eq(notifications.text, 'Report "Fridges daily" 2026-03-10'));
    expect(logged.map((row) => [row.email, row.channel, row.status])).toEqual([
      [demo.viewer, 'email', 'sent'],
    ]);
    // The next run is the following midnight in Vaduz.
    const [report] = await db.select().from(reports).where(eq(reports.id, id));
    expect(report?.nextRunAt).toEqual(new Date(end + 24 * 60 * minute));
  });

  it('sends a run missed while the server was down once, when it comes back', async () => {
    const before = smtp.received.length;
    const id = await addReport({ name: 'Missed', format: 0 });
    const { db } = test.runtime.ctx;
    // Nothing ticked at midnight; the first tick is at 05:00 local, and again a minute later.
    const back = end + 5 * 60 * minute;
    expect(await enqueueDueReports(db, new Date(back))).toBe(1);
    expect(await enqueueDueReports(db, new Date(back + minute))).toBe(0);
    await test.runtime.worker?.drain();
    await smtp.waitFor(before + 1);
    expect(await runsOf(id)).toHaveLength(1);
    expect((await runsOf(id))[0]).toMatchObject({ periodStart: new Date(start), status: 'sent' });
    expect(smtp.received.length).toBe(before + 1);
  });

  it('builds a PDF whose text holds the statistics, in Fahrenheit for a Fahrenheit account', async () => {
    const before = smtp.received.length;
    const { db } = test.runtime.ctx;
    const [device] = await db.select().from(devices).where(eq(devices.id, fridgeId));
    await db
      .update(accounts)
      .set({ temperatureUnit: 'F' })
      .where(eq(accounts.id, device?.accountId ?? ''));
    const ownerId = await userIdOf(db, demo.owner);
    const [acked] = await db
      .insert(alarmEvents)
      .values({
        accountId: device?.accountId ?? '',
        deviceId: fridgeId,
        type: 'temperature',
        value: 9,
        raisedAt: new Date('2026-03-10T08:00:00Z'),
        clearedAt: new Date('2026-03-10T09:00:00Z'),
        acknowledgedAt: new Date('2026-03-10T09:30:00Z'),
        acknowledgedBy: ownerId,
      })
      .returning({ id: alarmEvents.id });
    await db.insert(comments).values({
      alarmEventId: acked?.id ?? '',
      userId: ownerId,
      comment: 'door left open, product checked',
      isAcknowledgement: true,
    });
    await db.insert(alarmEvents).values({
      accountId: device?.accountId ?? '',
      deviceId: fridgeId,
      type: 'humidity',
      value: 40,
      raisedAt: new Date('2026-03-10T15:00:00Z'),
    });
    // Outside the period: not in the report.
    await db.insert(alarmEvents).values({
      accountId: device?.accountId ?? '',
      deviceId: fridgeId,
      type: 'water',
      value: 1,
      raisedAt: new Date(end),
      clearedAt: new Date(end + minute),
    });
    const id = await addReport({ name: 'Fridges PDF', format: 1, sortBy: 0 });
    await enqueueDueReports(db, new Date(end));
    await test.runtime.worker?.drain();
    await smtp.waitFor(before + 1);
    const mail = smtp.received.at(-1);
    if (!mail) throw new Error('no mail');
    const file = attachment(mail);
    expect(file.name).toBe('Fridges-PDF-2026-03-10.pdf');
    expect(file.body.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(file.body);
    expect((await runsOf(id))[0]?.status).toBe('sent');
    expect(text).toContain('Time zone: Europe/Vaduz');
    expect(text).toContain('Period: 2026-03-10 00:00:00 to 2026-03-11 00:00:00');
    expect(text).toContain('Temperature (°F)');
    expect(text).toContain('Temperatures in °F');
    const expected = ['41.00', '48.20', '41.31', '41.40', '35.60..46.40'];
    // Alarm events, oldest first (sortBy 0), with the acknowledgement; times in Vaduz.
    const acknowledgedLine =
      '2026-03-10 09:00:00  Fridge R1  temperature 48.20; cleared 2026-03-10 10:00:00; acknowledged 2026-03-10 10:30:00 by ';
    const first = text.indexOf(acknowledgedLine);
    const second = text.indexOf(
      '2026-03-10 16:00:00  Fridge R1  humidity 40.00; cleared -; not acknowledged',
    );
    expect(first).toBeGreaterThan(-1);
    expect(second).toBeGreaterThan(first);
    expect(text).toContain('door left open, product checked');
    expect(text).not.toContain('water');
    for (const value of [...expected, '138', '60.0', '1 (70 min)']) expect(text).toContain(value);
  });

  // The account is in Fahrenheit from here on (the PDF test above).
  it('keeps each run: listed, and downloadable again through a signed link', async () => {
    const id = await addReport({ name: 'Kept', format: 0 });
    await enqueueDueReports(test.runtime.ctx.db, new Date(end));
    await test.runtime.worker?.drain();
    const viewer = await login(test.app, demo.viewer);
    const listed = await send(test.app, viewer.headers, 'GET', `/api/reports/${id}/runs`);
    expect(listed.statusCode).toBe(200);
    const [run] = listed.json().data.list;
    expect(run).toMatchObject({ status: 'sent', manual: false, hasFile: true });
    const link = await send(
      test.app,
      viewer.headers,
      'GET',
      `/api/reports/${id}/runs/${run.id}/download`,
    );
    expect(link.statusCode).toBe(200);
    expect(link.json().data.fileName).toBe('Kept-2026-03-10.csv');
    const file = await test.app.inject({ method: 'GET', url: link.json().data.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    expect(file.body).toContain(
      'Fridge R1,Temperature,°F,138,41.00,48.20,41.31,41.40,35.60,46.40,60.0,1,70.0,,,',
    );
    const forged = await test.app.inject({
      method: 'GET',
      url: link.json().data.url.replace(/token=[^&]+/, 'token=x'),
    });
    expect(forged.statusCode).toBe(403);
  });

  it('sends now: a manual run of the period just ended, to the recipients', async () => {
    const before = smtp.received.length;
    const id = await addReport({ name: 'Now', format: 0 });
    const sent = await send(test.app, owner.headers, 'POST', `/api/reports/${id}/send`);
    expect(sent.statusCode).toBe(202);
    expect(sent.json().data).toMatchObject({ manual: true, status: 'queued' });
    await test.runtime.worker?.drain();
    await smtp.waitFor(before + 1);
    const runs = await runsOf(id);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ manual: true, status: 'sent' });
    // The period just ended is yesterday in Vaduz: 24 hours, or 23/25 around a DST change.
    const hours =
      ((runs[0]?.periodEnd.getTime() ?? 0) - (runs[0]?.periodStart.getTime() ?? 0)) / 3_600_000;
    expect([23, 24, 25]).toContain(hours);
    expect(runs[0]?.periodEnd.getTime()).toBeLessThanOrEqual(Date.now());
    expect(smtp.received.at(-1)?.to).toEqual([demo.viewer]);
    // A manual run does not stand for the scheduled run of its period.
    await enqueueDueReports(test.runtime.ctx.db, new Date(runs[0]?.periodEnd ?? 0));
    expect((await runsOf(id)).map((run) => run.manual).sort()).toEqual([false, true]);
  });

  it('adds door openings to an optional report: count, total and longest open time', async () => {
    const { db } = test.runtime.ctx;
    const [device] = await db.select().from(devices).where(eq(devices.id, fridgeId));
    const accountId = device?.accountId ?? '';
    await db.insert(doorEvents).values([
      // 10:00 to 10:05 local; 22:00 to 22:30; 23:50 and still open at midnight (10 min).
      {
        accountId,
        deviceId: fridgeId,
        openedAt: new Date('2026-03-10T09:00:00Z'),
        closedAt: new Date('2026-03-10T09:05:00Z'),
      },
      {
        accountId,
        deviceId: fridgeId,
        openedAt: new Date('2026-03-10T21:00:00Z'),
        closedAt: new Date('2026-03-10T21:30:00Z'),
      },
      { accountId, deviceId: fridgeId, openedAt: new Date('2026-03-10T22:50:00Z') },
    ]);
    const id = await addReport({
      name: 'Doors',
      type: 'optional',
      temp: false,
      humidity: false,
      lnlvl: false,
      lntmp: false,
      water: false,
    });
    await enqueueDueReports(db, new Date(end));
    await test.runtime.worker?.drain();
    const [run] = await runsOf(id);
    expect(run?.filePath).toEqual(expect.any(String));
    const csv = await readFile(join(test.dataDir, run?.filePath ?? ''), 'utf8');
    expect(csv.trim().split('\n').slice(1)).toEqual([
      '2026-03-10 00:00:00,2026-03-11 00:00:00,Fridge R1,Door openings,,0,,,,,,,0.0,0,0.0,3,45.0,30.0',
    ]);
  });
});
