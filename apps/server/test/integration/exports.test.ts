import { existsSync } from 'node:fs';
import { utimes } from 'node:fs/promises';
import { inflateSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client.js';
import { accounts, jobs, tasks } from '../../src/db/schema/index.js';
import { cleanExports } from '../../src/modules/tasks/cleanup.js';
import { deviceThresholdAlarms } from '../../src/modules/alarms/index.js';
import { runRawExport } from '../../src/modules/readings/exports/raw-export.js';
import { storedFile } from '../../src/modules/files/storage.js';
import { insertAlarm } from '../helpers/alarm-engine.js';
import { createAccountWithOwner, demo, userIdOf } from '../helpers/fixtures.js';
import { accountIdOf, insertDevice, insertReadings } from '../helpers/history-fixtures.js';
import { readPdf } from '../helpers/pdf-document.js';
import { createDemoApp, login, type TestApp } from '../helpers/test-app.js';

let test: TestApp;
let db: Db;
let owner: Record<string, string>;
let viewer: Record<string, string>;
let other: Record<string, string>;
let deviceId: string;
let accountId: string;
let otherAccountId: string;

const start = new Date('2025-06-01T10:00:00Z');
const readingRows = Array.from({ length: 12 }, (_, i) => ({
  ts: new Date(start.getTime() + i * 60_000),
  t: i === 4 ? null : -80 + i / 4,
  h: 40 + i,
  backfilled: i === 7,
}));
const range = { from: '2025-06-01T10:00:00Z', to: '2025-06-01T11:00:00Z' };

beforeAll(async () => {
  test = await createDemoApp();
  db = test.runtime.ctx.db;
  otherAccountId = (
    await createAccountWithOwner(db, 'Other Laboratory', 'owner@other-exports.example')
  ).account.id;
  owner = (await login(test.app, demo.owner)).headers;
  viewer = (await login(test.app, demo.viewer)).headers;
  other = (await login(test.app, 'owner@other-exports.example')).headers;
  accountId = await accountIdOf(db, demo.owner);
  // Exports show temperatures in the account's unit.
  await db.update(accounts).set({ temperatureUnit: 'F' }).where(eq(accounts.id, accountId));
  deviceId = await insertDevice(db, accountId, 'Freezer -80 B', [await userIdOf(db, demo.viewer)]);
  await insertReadings(db, deviceId, readingRows);
});
afterAll(async () => {
  await test.close();
});

async function createTask(format: 'csv' | 'pdf', headers = owner, body: object = {}) {
  return test.app.inject({
    method: 'POST',
    url: '/api/tasks',
    headers,
    payload: { type: 'raw_data', deviceId, format, timezone: 'Europe/Vaduz', ...range, ...body },
  });
}

const getTask = (taskId: string, headers = owner) =>
  test.app.inject({ method: 'GET', url: `/api/tasks/${taskId}`, headers });

const download = (url: string) => test.app.inject({ method: 'GET', url });

/** A PDF's content streams, inflated: its drawing operators. */
function pdfContent(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const streams: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    try {
      streams.push(inflateSync(Buffer.from(match[1] ?? '', 'latin1')).toString('latin1'));
    } catch {
      // Not a deflated content stream (an image, a font).
    }
  }
  return streams.join('\n');
}

/** The text a PDF shows (its fonts are embedded: DejaVu, for the Polish letters). */
const pdfText = async (pdf: Buffer) => (await readPdf(pdf)).text;

describe('raw-data export tasks', () => {
  it('runs queued -> running with progress -> completed, then serves the CSV value by value', async () => {
    const created = await createTask('csv');
    expect(created.statusCode, created.body).toBe(201);
    const { taskId } = created.json().data;
    expect(created.json().data).toEqual({
      taskId,
      status: 'queued',
      progress: 0,
      resultUrl: null,
      error: null,
    });
    const seen: { status: string; progress: number }[] = [];
    await runRawExport(
      {
        db,
        dataDir: test.dataDir,
        thresholdAlarms: deviceThresholdAlarms,
        pageSize: 5,
        onProgress: async () => {
          const { status, progress } = (await getTask(taskId)).json().data;
          seen.push({ status, progress });
        },
      },
      taskId,
    );
    expect(seen).toEqual([
      { status: 'running', progress: 41 },
      { status: 'running', progress: 83 },
      { status: 'running', progress: 99 },
    ]);
    const done = (await getTask(taskId)).json().data;
    expect(done).toMatchObject({ status: 'completed', progress: 100, error: null });
    expect(done.resultUrl).toMatch(new RegExp(`^/api/files/exports/${taskId}\\?token=`));
    // The queued job finds the task built and leaves it alone.
    await test.runtime.worker?.drain();
    const file = await download(done.resultUrl);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toContain(
      'attachment; filename="raw-data-Freezer-80-B-',
    );
    const [header, ...rows] = file.body.trim().split('\n');
    expect(header).toBe(
      'timestamp (UTC),local time (Europe/Vaduz),Temperature (°F),Humidity (%),backfilled',
    );
    expect(rows).toHaveLength(12);
    rows.forEach((line, i) => {
      const reading = readingRows[i];
      const fahrenheit =
        reading?.t == null ? '' : String(Math.round((1.8 * reading.t + 32) * 1000) / 1000);
      const local = `2025-06-01 12:${String(i).padStart(2, '0')}:00`;
      expect(line).toBe(
        `${reading?.ts.toISOString()},${local},${fahrenheit},${40 + i},${i === 7 ? 'true' : 'false'}`,
      );
    });
    expect(rows[0]).toBe('2025-06-01T10:00:00.000Z,2025-06-01 12:00:00,-112,40,false');
  });

  it('refuses a forged, expired or another task’s token, and shows a task only to who asked', async () => {
    const first = (await createTask('csv')).json().data.taskId;
    const second = (await createTask('csv')).json().data.taskId;
    await test.runtime.worker?.drain();
    const url = (await getTask(first)).json().data.resultUrl as string;
    const secondUrl = (await getTask(second)).json().data.resultUrl as string;
    const token = new URL(url, 'http://x').searchParams.get('token') ?? '';
    const [head, body] = token.split('.');
    const links = test.runtime.ctx.links;
    const expired = await links.sign(
      'vigil:export-file',
      { task: first, account: await accountIdOf(db, demo.owner) },
      new Date(Date.now() - 1000),
    );
    const sessionToken = owner.authorization?.slice('Bearer '.length) ?? '';
    for (const bad of [`${head}.${body}.${'A'.repeat(43)}`, expired, sessionToken, 'x']) {
      const response = await download(`/api/files/exports/${first}?token=${bad}`);
      expect(response.statusCode).toBe(403);
      expect(response.json().errors[0].message).toBe('this link is invalid or has expired');
    }
    const swapped = secondUrl.replace(second, first);
    expect((await download(swapped)).statusCode).toBe(403);
    expect((await download(url)).statusCode).toBe(200);
    expect((await getTask(first, viewer)).statusCode).toBe(404);
    expect((await getTask(first, other)).statusCode).toBe(404);
    const viewerTask = await createTask('csv', viewer);
    expect(viewerTask.statusCode).toBe(201);
    expect((await getTask(viewerTask.json().data.taskId, viewer)).statusCode).toBe(200);
    expect((await getTask(viewerTask.json().data.taskId)).statusCode).toBe(404);
  });

  it('refuses other accounts’ devices, long ranges and sub-users’ audit-log exports', async () => {
    expect((await createTask('csv', other)).statusCode).toBe(404);
    const long = await createTask('csv', owner, {
      from: '2024-01-01T00:00:00Z',
      to: '2025-01-02T00:00:01Z',
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors[0].message).toBe('the chosen range is too long');
    const audit = await test.app.inject({
      method: 'POST',
      url: '/api/tasks',
      headers: viewer,
      payload: { type: 'log_data', timezone: 'Etc/UTC' },
    });
    expect(audit.statusCode).toBe(403);
    const [counted] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(tasks)
      .where(eq(tasks.kind, 'log_data'));
    expect(counted?.n).toBe(0);
  });

  it('downloadPdf starts the task; its url serves the PDF once the task completes', async () => {
    // The device's alarm bounds (Celsius) go on its charts; a disabled alarm's and a row of
    // another account's do not.
    const ctx = test.runtime.ctx;
    const bounds = { tempEnabled: true, minTemp: -86, maxTemp: -70 };
    await insertAlarm(ctx, {
      accountId,
      deviceId,
      name: 'Freezer range',
      ...bounds,
      humidityEnabled: true,
      maxHumidity: 60,
    });
    await insertAlarm(ctx, { accountId, deviceId, name: 'Old range', ...bounds, enable: false });
    await insertAlarm(ctx, {
      accountId: otherAccountId,
      deviceId,
      name: 'Foreign range',
      ...bounds,
      maxTemp: -60,
    });
    const query = new URLSearchParams({ deviceId, ...range, timezone: 'Europe/Vaduz' });
    const started = await test.app.inject({
      method: 'GET',
      url: `/api/device/downloadPdf?${query.toString()}`,
      headers: viewer,
    });
    expect(started.statusCode, started.body).toBe(200);
    const { url, taskId } = started.json().data;
    expect((await download(url)).statusCode).toBe(409);
    await test.runtime.worker?.drain();
    expect((await getTask(taskId, viewer)).json().data.status).toBe('completed');
    const file = await download(url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(file.rawPayload);
    expect(text).toContain('Raw data export');
    expect(text).toContain('Freezer -80 B');
    expect(text).toContain('Account: Demo Laboratory');
    expect(text).toContain('Temperature (°F)');
    // Times as the web's raw table writes them in English (en-GB, 24-hour).
    expect(text).toContain('01/06/2025, 12:03:00');
    expect(text).toContain('-111.55');
    // Issue 19: the chart of the range, drawn as the reports draw theirs: its heading, a chart
    // per measured metric titled with its unit, and the series as a stroked blue line.
    expect(text).toContain('Charts');
    expect(text.split('Temperature (°F)').length).toBeGreaterThan(2);
    expect(text.split('Humidity (%)').length).toBeGreaterThan(2);
    const content = pdfContent(file.rawPayload);
    const line = /0\.0823\d* 0\.396\d* 0\.7529\d* SCN\n[\d. ]+ m\n([\d. ]+ l\n){5,}S\n/;
    expect(content).toMatch(line);
    // Issue 19: the alarm thresholds as labelled dashed red lines, in °F, inside the y range:
    // -86..-70 °C is -122.8..-94 °F, beyond the data (-112..-107.05 °F), so the axis runs from
    // -125.1 to -91.7 (8 % room); without them it would end near -106.7.
    expect(text).toContain('dashed: alarm thresholds');
    expect(text).toContain('Freezer range: min -122.8 °F');
    expect(text).toContain('Freezer range: max -94 °F');
    expect(text).toContain('Freezer range: max 60 %');
    expect(text).not.toContain('Old range');
    expect(text).not.toContain('Foreign range');
    expect(text).toContain('-125.1');
    expect(text).toContain('-91.7');
    const dashed =
      /0\.776\d* 0\.156\d* 0\.156\d* SCN\n\[4 3\] 0 d\n[\d. ]+ m\n[\d. ]+ l\nS\n\[\] 0 d/g;
    expect(content.match(dashed)).toHaveLength(3);
  });

  it('deletes exports older than 7 days with their tasks, daily', async () => {
    const old = (await createTask('csv')).json().data.taskId;
    const recent = (await createTask('pdf')).json().data.taskId;
    await test.runtime.worker?.drain();
    const eightDaysAgo = new Date(Date.now() - 8 * 86_400_000);
    await db
      .update(tasks)
      .set({ finishedAt: eightDaysAgo, createdAt: eightDaysAgo })
      .where(eq(tasks.id, old));
    const [oldRow] = await db.select().from(tasks).where(eq(tasks.id, old));
    const [recentRow] = await db.select().from(tasks).where(eq(tasks.id, recent));
    const oldFile = storedFile(test.dataDir, oldRow?.resultPath ?? '');
    const recentFile = storedFile(test.dataDir, recentRow?.resultPath ?? '');
    await utimes(oldFile, eightDaysAgo, eightDaysAgo);
    expect(existsSync(oldFile) && existsSync(recentFile)).toBe(true);
    const now = new Date();
    const removed = await cleanExports({ db, dataDir: test.dataDir }, now);
    expect(removed.tasks).toBeGreaterThanOrEqual(1);
    expect(existsSync(oldFile)).toBe(false);
    expect(existsSync(recentFile)).toBe(true);
    expect((await getTask(old)).statusCode).toBe(404);
    expect((await getTask(recent)).statusCode).toBe(200);
    const tomorrow = new Date(now.getTime() + 86_400_000).toISOString().slice(0, 10);
    const [next] = await db
      .select()
      .from(jobs)
      .where(eq(jobs.singletonKey, `export.cleanup@${tomorrow}`));
    expect(next).toMatchObject({ name: 'export.cleanup', status: 'queued' });
  });
});

describe('raw-data exports in the language of the person who asks (issue 19)', () => {
  const setLanguage = async (headers: Record<string, string>, language: string) => {
    const response = await test.app.inject({
      method: 'PUT',
      url: '/api/user/language',
      headers,
      payload: { language },
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  /** Starts the tasks while the owner's language is `language`, then builds and fetches them. */
  async function filesIn(language: string, starts: (() => Promise<string>)[]) {
    await setLanguage(owner, language);
    let taskIds: string[];
    try {
      taskIds = [];
      for (const start of starts) taskIds.push(await start());
    } finally {
      // The language is the one the person had when asking: switching back changes nothing.
      await setLanguage(owner, 'en');
    }
    await test.runtime.worker?.drain();
    return Promise.all(
      taskIds.map(async (taskId) => {
        const task = (await getTask(taskId)).json().data;
        expect(task.status).toBe('completed');
        return download(task.resultUrl as string);
      }),
    );
  }
  const taskOf =
    (format: 'csv' | 'pdf', body: object = {}) =>
    async () =>
      (await createTask(format, owner, body)).json().data.taskId as string;

  it('writes Polish titles, words, dates and decimal commas; the CSV keeps points and ISO times', async () => {
    const [csv, pdf] = await filesIn('pl', [taskOf('csv'), taskOf('pdf')]);
    const [header, ...rows] = (csv?.body ?? '').trim().split('\n');
    expect(header).toBe(
      'znacznik czasu (UTC),czas lokalny (Europe/Vaduz),Temperatura (°F),Wilgotność (%),opóźniony',
    );
    expect(rows[0]).toBe('2025-06-01T10:00:00.000Z,2025-06-01 12:00:00,-112,40,false');
    expect(rows[7]).toContain(',true');
    const text = await pdfText(pdf?.rawPayload ?? Buffer.alloc(0));
    for (const words of [
      'Eksport surowych danych',
      'Konto: Demo Laboratory',
      'Urządzenie: Freezer -80 B',
      'Zakres: 1.06.2025, 12:00:00 do 1.06.2025, 13:00:00 (Europe/Vaduz)',
      'Odczyty: 12; temperatury w °F',
      'Podsumowanie',
      'średnia',
      'Wykresy',
      'linia przerywana: progi alarmu',
      'Temperatura (°F)',
      'Wilgotność (%)',
      // The readings' time title, wrapped within its column.
      'czas lokalny (Europe/\nVaduz)',
      // A reading, its value with a decimal comma, the backfilled mark.
      '1.06.2025, 12:03:00',
      '-111,55',
      'opóźniony',
      'tak',
      // The chart's threshold label and time axis in Polish.
      'Freezer range: min. -122,8 °F',
      '1.06.2025, 12:15',
    ])
      expect(text).toContain(words);
    for (const english of ['Raw data export', 'Summary', 'Charts', 'Readings', '-111.55'])
      expect(text).not.toContain(english);
  });

  it('writes German titles and the door as Offen/Geschlossen', async () => {
    const doorId = await insertDevice(db, accountId, 'Cold room door');
    await insertReadings(db, doorId, [
      { ts: new Date('2025-06-01T10:00:00Z'), d: 0 },
      { ts: new Date('2025-06-01T10:01:00Z'), d: 1 },
    ]);
    const [doorCsv, doorPdf, freezerPdf] = await filesIn('de', [
      taskOf('csv', { deviceId: doorId }),
      taskOf('pdf', { deviceId: doorId }),
      taskOf('pdf'),
    ]);
    expect((doorCsv?.body ?? '').trim().split('\n')).toEqual([
      'Zeitstempel (UTC),Ortszeit (Europe/Vaduz),Tür,nachgeliefert',
      '2025-06-01T10:00:00.000Z,2025-06-01 12:00:00,Geschlossen,false',
      '2025-06-01T10:01:00.000Z,2025-06-01 12:01:00,Offen,false',
    ]);
    const door = await pdfText(doorPdf?.rawPayload ?? Buffer.alloc(0));
    for (const words of ['Rohdatenexport', 'Gerät: Cold room door', 'Tür', 'Offen', 'Geschlossen'])
      expect(door).toContain(words);
    expect(door).not.toContain('Open');
    const freezer = await pdfText(freezerPdf?.rawPayload ?? Buffer.alloc(0));
    for (const words of [
      'Konto: Demo Laboratory',
      'Zeitraum: 01.06.25, 12:00:00 bis 01.06.25, 13:00:00 (Europe/Vaduz)',
      'Messwerte: 12; Temperaturen in °F',
      'Zusammenfassung',
      'Mittelwert',
      'Diagramme',
      'Temperatur (°F)',
      'Luftfeuchtigkeit (%)',
      '01.06.25, 12:03:00',
      '-111,55',
      'Freezer range: Max. -94 °F',
    ])
      expect(freezer).toContain(words);
    expect(freezer).not.toContain('Temperature (°F)');
  });
});
