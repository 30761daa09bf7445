import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accounts,
  alarmEvents,
  comments,
  devices,
  doorEvents,
  notifications,
  reports,
  users,
} from '../../src/db/schema/index.js';
import { enqueueDueReports } from '../../src/modules/reports/run.js';
import { demo, userIdOf } from '../helpers/fixtures.js';
import { send } from '../helpers/inventory.js';
import { readPdf } from '../helpers/pdf-document.js';
import {
  attachment,
  inflatedStreams,
  minute,
  seededDay,
  startReportFixture,
  type ReportFixture,
} from '../helpers/report-fixture.js';
import { login, type TestApp } from '../helpers/test-app.js';

/** Scheduled runs of reports over the fixture's seeded day (see helpers/report-fixture.ts). */
let fx: ReportFixture;
let test: TestApp;
let smtp: ReportFixture['smtp'];
let owner: ReportFixture['owner'];
let fridgeId: string;
const { start, end } = seededDay;

beforeAll(async () => {
  fx = await startReportFixture();
  ({ test, smtp, owner, fridgeId } = fx);
});
afterAll(() => fx.close());

const addReport = (extra: object) => fx.addReport(extra);
const runsOf = (id: string) => fx.runsOf(id);

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
      'record,period start,period end,device,metric,unit,readings,min,max,mean,MKT,alarm low,alarm high,minutes out of range,data gaps,minutes in gaps,door openings,minutes open,longest open (minutes),alarm raised,alarm value,alarm cleared,acknowledged,acknowledged by,comment',
    );
    expect(rows).toEqual([
      'statistics,2026-03-10 00:00:00,2026-03-11 00:00:00,Fridge R1,Temperature,°C,138,5.00,9.00,5.17,5.22,2.00,8.00,60.0,1,70.0,,,,,,,,,',
      'statistics,2026-03-10 00:00:00,2026-03-11 00:00:00,Fridge R1,Humidity,%RH,138,40.00,40.00,40.00,,,,0.0,1,70.0,,,,,,,,,',
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
    const id = await addReport({ name: 'Fridges PDF', format: 1, sortBy: 0, insightReport: true });
    await enqueueDueReports(db, new Date(end));
    await test.runtime.worker?.drain();
    await smtp.waitFor(before + 1);
    const mail = smtp.received.at(-1);
    if (!mail) throw new Error('no mail');
    const file = attachment(mail);
    expect(file.name).toBe('Fridges-PDF-2026-03-10.pdf');
    expect(file.body.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, pages } = await readPdf(file.body);
    expect((await runsOf(id))[0]?.status).toBe('sent');
    // The chart of each device and metric, drawn as vectors with dashed thresholds.
    // The insight report: what to look at first.
    for (const insight of [
      'Insights',
      '• Fridge R1: Temperature out of its alarm range for 60.0 min (4.2 % of the period).',
      '• Fridge R1: 1 data gap(s), 70 min without readings.',
      '• 1 alarm event(s) not acknowledged.',
    ])
      expect(text).toContain(insight);
    expect(text).toContain('Charts');
    expect(text).toContain('Fridge R1 · Temperature (°F)');
    expect(text).toContain('Fridge R1 · Humidity (%RH)');
    expect(text).toContain(`Page 1 of ${pages}`);
    expect(inflatedStreams(file.body)).toMatch(/\[4 3\] 0 d/);
    expect(text).toContain('Time zone: Europe/Vaduz');
    expect(text).toContain('Period: 2026-03-10 00:00:00 to 2026-03-11 00:00:00');
    expect(text).toContain('Temperature (°F)');
    expect(text).toContain('Temperatures in °F');
    const expected = ['41.00', '48.20', '41.31', '41.40', '35.60..46.40'];
    // Alarm events, oldest first (sortBy 0), with the acknowledgement; times in Vaduz.
    const acknowledgedLine =
      '2026-03-10 09:00:00 Fridge R1 temperature 48.20; cleared 2026-03-10 10:00:00; acknowledged 2026-03-10 10:30:00 by ';
    const first = text.indexOf(acknowledgedLine);
    const second = text.indexOf(
      '2026-03-10 16:00:00 Fridge R1 humidity 40.00; cleared -; not acknowledged',
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
    expect(csv.trim().split('\n').slice(1, 2)).toEqual([
      'statistics,2026-03-10 00:00:00,2026-03-11 00:00:00,Fridge R1,Door openings,,,,,,,,,,,,3,45.0,30.0,,,,,,',
    ]);
  });

  it('lists the alarm events with their acknowledgements in the CSV', async () => {
    const id = await addReport({ name: 'Events CSV', format: 0, sortBy: 0 });
    await enqueueDueReports(test.runtime.ctx.db, new Date(end));
    await test.runtime.worker?.drain();
    const [run] = await runsOf(id);
    const csv = await readFile(join(test.dataDir, run?.filePath ?? ''), 'utf8');
    const ownerName = (
      await test.runtime.ctx.db.select().from(users).where(eq(users.email, demo.owner))
    )[0]?.name;
    // Oldest first, after the statistics rows; the comma in the comment is quoted.
    expect(csv.trim().split('\n').slice(3)).toEqual([
      `alarm event,2026-03-10 00:00:00,2026-03-11 00:00:00,Fridge R1,temperature,°F,,,,,,,,,,,,,,2026-03-10 09:00:00,48.20,2026-03-10 10:00:00,2026-03-10 10:30:00,${ownerName},"door left open, product checked"`,
      'alarm event,2026-03-10 00:00:00,2026-03-11 00:00:00,Fridge R1,humidity,%RH,,,,,,,,,,,,,,2026-03-10 16:00:00,40.00,,,,',
    ]);
  });
});
