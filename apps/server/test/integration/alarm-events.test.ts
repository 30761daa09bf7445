import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, alarmEvents, alarms, comments, users } from '../../src/db/schema/index.js';
import { runAlarmExport } from '../../src/modules/alarms/exports/alarm-export.js';
import {
  addDevice,
  addLocation,
  auditEntries,
  createInventoryApp,
  send,
  type Headers,
  type Session,
} from '../helpers/inventory.js';
import { demo } from '../helpers/fixtures.js';
import { readPdf } from '../helpers/pdf-document.js';
import type { TestApp } from '../helpers/test-app.js';

let test: TestApp;
let owner: Session;
let viewer: Session;
let admin: Session;
let other: Session;
const ids = {
  account: '',
  assigned: '',
  unassigned: '',
  foreign: '',
  /** Events: raised on the viewer's device, on the other device, in the other account. */
  fridgeEvent: '',
  freezerEvent: '',
  foreignEvent: '',
  clearedEvent: '',
  fridgeHardware: '',
};
const db = () => test.runtime.ctx.db;
const at = (day: number, hour = 8) => new Date(Date.UTC(2025, 2, day, hour, 0));
const emitted: { event: string; payload: unknown }[] = [];

beforeAll(async () => {
  ({ test, owner, viewer, admin, other } = await createInventoryApp());
  const location = await addLocation(test.app, owner.headers, 'Cold Room A');
  const fridge = await addDevice(test.app, owner.headers, {
    deviceName: 'Fridge A',
    locationId: location.id,
  });
  const freezer = await addDevice(test.app, owner.headers, { deviceName: 'Freezer B' });
  const foreign = await addDevice(test.app, other.headers, { deviceName: 'Their fridge' });
  ids.assigned = fridge.id;
  ids.fridgeHardware = fridge.deviceId;
  ids.unassigned = freezer.id;
  ids.foreign = foreign.id;
  await send(test.app, owner.headers, 'POST', '/api/device/assignUser', {
    userId: viewer.userId,
    deviceId: fridge.id,
  });
  const account = async (userId: string) =>
    (
      await db()
        .select({ accountId: users.accountId })
        .from(users)
        .where(sql`${users.id} = ${userId}`)
    )[0]!.accountId!;
  ids.account = await account(owner.userId);
  const otherAccount = await account(other.userId);
  // Temperatures in the reports are in the account's unit.
  await db().update(accounts).set({ temperatureUnit: 'F' }).where(eq(accounts.id, ids.account));
  const [alarm] = await db()
    .insert(alarms)
    .values({ accountId: ids.account, deviceId: ids.assigned, name: 'Fridge too warm' })
    .returning({ id: alarms.id });
  const events = await db()
    .insert(alarmEvents)
    .values([
      {
        accountId: ids.account,
        deviceId: ids.assigned,
        alarmId: alarm!.id,
        type: 'temperature',
        value: 10,
        min: 2,
        max: 8,
        raisedAt: at(3),
      },
      {
        accountId: ids.account,
        deviceId: ids.unassigned,
        type: 'humidity',
        value: 91,
        min: 20,
        max: 80,
        raisedAt: at(4),
      },
      {
        accountId: otherAccount,
        deviceId: ids.foreign,
        type: 'humidity',
        value: 80,
        raisedAt: at(5),
      },
      {
        accountId: ids.account,
        deviceId: ids.unassigned,
        type: 'water',
        value: 0,
        raisedAt: at(6),
        clearedAt: at(6, 9),
      },
    ])
    .returning({ id: alarmEvents.id });
  const [fridgeEvent, freezerEvent, foreignEvent, clearedEvent] = events.map((event) => event.id);
  Object.assign(ids, { fridgeEvent, freezerEvent, foreignEvent, clearedEvent });
  const realtime = test.runtime.ctx.realtime;
  const emit = realtime.emitAlarm.bind(realtime);
  realtime.emitAlarm = (event, target, payload) => {
    emitted.push({ event, payload });
    emit(event, target, payload);
  };
});
afterAll(async () => {
  await test.close();
});

const acknowledge = (headers: Headers, id: string, body: object) =>
  send(test.app, headers, 'POST', `/api/alarms/events/${id}/acknowledge`, body);
const recent = async (headers: Headers) =>
  (await send(test.app, headers, 'POST', '/api/alarms/recentAlarms/v2')).json().data.list as {
    id: string;
    state: string;
    acknowledgedBy: string | null;
    acknowledgedAt: string | null;
    clearedAt: string | null;
    comments: number;
  }[];
const nameOf = async (userId: string) =>
  (await db().select({ name: users.name }).from(users).where(eq(users.id, userId)))[0]!.name;
const eventRow = async (id: string) =>
  (await db().select().from(alarmEvents).where(eq(alarmEvents.id, id)))[0]!;

describe('acknowledging an alarm event (an electronic signature)', () => {
  it('refuses a wrong password, changes nothing and audits the failed check', async () => {
    const response = await acknowledge(owner.headers, ids.fridgeEvent, {
      comment: 'door closed',
      password: 'not-my-password',
      meaning: 'reviewed_and_acted_on',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().errors[0]).toMatchObject({
      message: "password didn't match",
      field: 'password',
    });
    const row = await eventRow(ids.fridgeEvent);
    expect(row.acknowledgedAt).toBeNull();
    expect(row.acknowledgedBy).toBeNull();
    expect(
      await db().select().from(comments).where(eq(comments.alarmEventId, ids.fridgeEvent)),
    ).toEqual([]);
    const [entry] = await auditEntries(db(), 'alarm', 'acknowledge');
    expect(entry).toMatchObject({ result: 'failure', userEmail: demo.owner });
    expect(emitted).toEqual([]);
  });

  it('refuses an empty comment or password with the field named', async () => {
    const noComment = await acknowledge(owner.headers, ids.fridgeEvent, {
      comment: '  ',
      password: 'vigil-demo',
      meaning: 'reviewed_and_acted_on',
    });
    expect(noComment.statusCode).toBe(400);
    expect(noComment.json().errors[0]).toMatchObject({
      message: 'please enter a comment',
      field: 'comment',
    });
    const noPassword = await acknowledge(owner.headers, ids.fridgeEvent, {
      comment: 'ok',
      password: '',
      meaning: 'reviewed_and_acted_on',
    });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().errors[0].message).toBe('password is required');
    for (const meaning of [undefined, 'looked at it']) {
      const noMeaning = await acknowledge(owner.headers, ids.fridgeEvent, {
        comment: 'ok',
        password: 'vigil-demo',
        meaning,
      });
      expect(noMeaning.statusCode).toBe(400);
      expect(noMeaning.json().errors[0]).toMatchObject({
        message: 'please choose the meaning of your signature',
        field: 'meaning',
      });
    }
    expect((await eventRow(ids.fridgeEvent)).acknowledgedAt).toBeNull();
  });

  it('acknowledges with the right password: stored, commented, audited, announced', async () => {
    const before = Date.now();
    const response = await acknowledge(viewer.headers, ids.fridgeEvent, {
      comment: ' Door was left open, closed it ',
      password: 'vigil-demo',
      meaning: 'reviewed_and_acted_on',
    });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({
      id: ids.fridgeEvent,
      state: 'acknowledged',
      acknowledgedBy: await nameOf(viewer.userId),
      meaning: 'reviewed_and_acted_on',
      comment: { comment: 'Door was left open, closed it', isAcknowledgement: true },
    });
    const row = await eventRow(ids.fridgeEvent);
    expect(row.acknowledgedBy).toBe(viewer.userId);
    expect(row.acknowledgedMeaning).toBe('reviewed_and_acted_on');
    expect(row.acknowledgedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    // Still out of range: the event stays open, only its notifications stop.
    expect(row.clearedAt).toBeNull();
    const [entry] = await auditEntries(db(), 'alarm', 'acknowledge');
    expect(entry).toMatchObject({ result: 'success', userEmail: demo.viewer });
    expect(entry!.information).toBe(
      `Acknowledged alarm "Fridge too warm" (temperature) on Fridge A (${ids.fridgeHardware}), signed as "Reviewed and acted on", with the comment: Door was left open, closed it`,
    );
    expect(emitted).toContainEqual({
      event: 'alarmData',
      payload: {
        deviceId: ids.assigned,
        alarmId: row.alarmId,
        alarmType: 'temperature',
        state: 'acknowledged',
      },
    });
    const listed = (await recent(owner.headers)).find((event) => event.id === ids.fridgeEvent);
    expect(listed).toMatchObject({
      state: 'acknowledged',
      acknowledgedAt: row.acknowledgedAt!.toISOString(),
      acknowledgedBy: data.acknowledgedBy,
      clearedAt: null,
      comments: 1,
    });
  });

  it('refuses a second acknowledgement', async () => {
    const again = await acknowledge(owner.headers, ids.fridgeEvent, {
      comment: 'me too',
      password: 'vigil-demo',
      meaning: 'under_investigation',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].message).toBe('this alarm has already been acknowledged');
    expect((await eventRow(ids.fridgeEvent)).acknowledgedBy).toBe(viewer.userId);
  });

  it('shows a recovered event as awaiting acknowledgement, and acknowledges it', async () => {
    const listed = (await recent(owner.headers)).find((event) => event.id === ids.clearedEvent);
    expect(listed).toMatchObject({
      state: 'recovered_unacknowledged',
      clearedAt: at(6, 9).toISOString(),
    });
    const response = await acknowledge(owner.headers, ids.clearedEvent, {
      comment: 'leak mopped up',
      password: 'vigil-demo',
      meaning: 'reviewed_no_action_needed',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ state: 'recovered' });
    const after = (await recent(owner.headers)).find((event) => event.id === ids.clearedEvent);
    expect(after?.state).toBe('recovered');
  });

  it('keeps tenancy: another account 404, a user only their devices, no admin', async () => {
    const body = { comment: 'not mine', password: 'vigil-demo', meaning: 'under_investigation' };
    expect((await acknowledge(other.headers, ids.freezerEvent, body)).statusCode).toBe(404);
    expect((await acknowledge(viewer.headers, ids.freezerEvent, body)).statusCode).toBe(404);
    expect((await acknowledge(owner.headers, ids.foreignEvent, body)).statusCode).toBe(404);
    expect((await acknowledge(admin.headers, ids.freezerEvent, body)).statusCode).toBe(403);
    expect((await acknowledge({}, ids.freezerEvent, body)).statusCode).toBe(401);
    expect((await eventRow(ids.freezerEvent)).acknowledgedAt).toBeNull();
  });
});

describe('the device list’s lastAlarms', () => {
  it('marks the types of open events as error, recovered ones not at all', async () => {
    const response = await send(
      test.app,
      owner.headers,
      'GET',
      `/api/device/${owner.userId}/?pageSize=1000`,
    );
    const list = response.json().data.list as { id: string; lastAlarms: Record<string, string> }[];
    const byId = new Map(list.map((device) => [device.id, device.lastAlarms]));
    // Acknowledged but still out of range: the device stays highlighted until it recovers.
    expect(byId.get(ids.assigned)).toEqual({ temperature: 'error' });
    expect(byId.get(ids.unassigned)).toEqual({ humidity: 'error' });
  });
});

describe('comments', () => {
  const addComment = (headers: Headers, id: string, comment: unknown) =>
    send(test.app, headers, 'PUT', `/api/device-alarm/add-comment/${id}`, { comment });
  const listComments = (headers: Headers, id: string) =>
    send(test.app, headers, 'GET', `/api/device-alarm/comments/${id}`);

  it('adds a comment (non-empty), lists them oldest first with author, audited', async () => {
    const empty = await addComment(owner.headers, ids.freezerEvent, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0]).toMatchObject({
      message: 'please enter a comment',
      field: 'comment',
    });
    const first = await addComment(owner.headers, ids.freezerEvent, 'checking the seal');
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({
      comment: 'checking the seal',
      author: expect.any(String),
      isAcknowledgement: false,
    });
    await addComment(owner.headers, ids.freezerEvent, 'seal replaced');
    const list = (await listComments(owner.headers, ids.freezerEvent)).json().data;
    expect(list.map((comment: { comment: string }) => comment.comment)).toEqual([
      'checking the seal',
      'seal replaced',
    ]);
    const [entry] = await auditEntries(db(), 'alarm', 'comment');
    expect(entry?.information).toContain('Commented on alarm "humidity" (humidity) on Freezer B');
    expect(emitted.at(-1)).toMatchObject({ event: 'alarmData', payload: { state: 'changed' } });
  });

  it('keeps comments to the events one may see', async () => {
    expect((await addComment(viewer.headers, ids.freezerEvent, 'hi')).statusCode).toBe(404);
    expect((await listComments(viewer.headers, ids.freezerEvent)).statusCode).toBe(404);
    expect((await listComments(other.headers, ids.freezerEvent)).statusCode).toBe(404);
    expect((await addComment(other.headers, ids.freezerEvent, 'hi')).statusCode).toBe(404);
    expect((await listComments(viewer.headers, ids.fridgeEvent)).statusCode).toBe(200);
  });
});

describe('alarm downloads', () => {
  const range = { startTime: '2025-03-01T00:00:00Z', endTime: '2025-03-31T23:59:59Z' };
  const start = (headers: Headers, format: 'CSV' | 'PDF', query: Record<string, string> = range) =>
    send(
      test.app,
      headers,
      'GET',
      `/api/alarms/downloadAlarm${format}?${new URLSearchParams({ timezone: 'Europe/Warsaw', ...query }).toString()}`,
    );
  async function file(headers: Headers, format: 'CSV' | 'PDF') {
    const response = await start(headers, format);
    expect(response.statusCode, response.body).toBe(200);
    const { url, taskId } = response.json().data;
    expect(url).toMatch(new RegExp(`^/api/files/exports/${taskId}\\?token=`));
    expect((await send(test.app, {}, 'GET', url)).statusCode).toBe(409);
    await test.runtime.worker?.drain();
    const download = await send(test.app, {}, 'GET', url);
    expect(download.statusCode).toBe(200);
    return download;
  }

  it('writes a CSV of the account’s events in the range, in the account’s unit, with comments', async () => {
    const download = await file(owner.headers, 'CSV');
    expect(download.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(download.headers['content-disposition']).toBe(
      'attachment; filename="alarm-report-2025-03-01-2025-03-31.csv"',
    );
    const [header, ...rows] = download.body.trim().split('\n');
    expect(header).toBe(
      'started (Europe/Warsaw),ended (Europe/Warsaw),duration,alarm,device,device ID,location,type,value,peak,min,max,unit,state,acknowledged,acknowledged by,signature meaning,comments',
    );
    expect(rows).toHaveLength(3);
    const [fridge, freezer, water] = rows;
    // 10 °C = 50 °F, 2 °C = 35.6 °F, 8 °C = 46.4 °F; 09:00 in Warsaw is 08:00 UTC.
    expect(fridge).toMatch(
      /^2025-03-03 09:00:00,,\d+ d \d+ h \(ongoing\),Fridge too warm,Fridge A,[0-9A-F:]+,Cold Room A,temperature,50,50,35\.6,46\.4,°F,acknowledged,\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,Victor Viewer,Reviewed and acted on,".+Door was left open, closed it"$/,
    );
    expect(freezer).toMatch(
      /^2025-03-04 09:00:00,,.*,humidity,Freezer B,[0-9A-F:]+,N\/A,humidity,91,91,20,80,%,active,,,,.*checking the seal \| .*seal replaced"$/,
    );
    expect(water).toMatch(
      /^2025-03-06 09:00:00,2025-03-06 10:00:00,1 h 0 min,water,Freezer B,.*,water,Low,Low,N\/A,N\/A,,recovered,.*,"Reviewed, no action needed",/,
    );
    expect(download.body).not.toContain('Their fridge');
  });

  it('writes a PDF holding the same events', async () => {
    const download = await file(owner.headers, 'PDF');
    expect(download.headers['content-type']).toBe('application/pdf');
    // Cells wrap within their columns: words are compared across line ends.
    const text = (await readPdf(download.rawPayload)).text.replace(/\s+/g, ' ');
    expect(text).toContain('Alarm report');
    // Times as the web's alarm tables write them in English (en-GB, 24-hour).
    expect(text).toContain('03/03/2025, 09:00');
    expect(text).toContain('Comment: ');
    expect(text).toContain('Fridge too warm');
    expect(text).toContain('Freezer B');
    expect(text).toContain('Cold Room A');
    expect(text).toContain('50');
    expect(text).toContain('Door was left open, closed it');
    expect(text).toContain('seal replaced');
    expect(text).toContain('temperatures in °F');
    expect(text).not.toContain('Their fridge');
  });

  it('gives a user their devices’ events only', async () => {
    const download = await file(viewer.headers, 'CSV');
    const rows = download.body.trim().split('\n').slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain('Fridge too warm');
  });

  it('allows 12 months at most and a range in order', async () => {
    const year = await start(owner.headers, 'CSV', {
      startTime: '2024-03-31T22:00:00Z',
      endTime: '2025-03-31T22:00:00Z',
    });
    expect(year.statusCode).toBe(200);
    const tooLong = await start(owner.headers, 'CSV', {
      startTime: '2024-02-01T00:00:00Z',
      endTime: '2025-03-31T00:00:00Z',
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors[0].message).toBe('alarm reports cover at most 12 months');
    const reversed = await start(owner.headers, 'PDF', {
      startTime: '2025-03-31T00:00:00Z',
      endTime: '2025-03-01T00:00:00Z',
    });
    expect(reversed.statusCode).toBe(400);
    expect((await start(admin.headers, 'CSV')).statusCode).toBe(403);
    await test.runtime.worker?.drain();
  });

  it('builds a task only once, however often its job runs', async () => {
    const response = await start(owner.headers, 'CSV');
    const { taskId } = response.json().data;
    await runAlarmExport({ db: db(), dataDir: test.dataDir }, taskId);
    await runAlarmExport({ db: db(), dataDir: test.dataDir }, taskId);
    await test.runtime.worker?.drain();
    const task = await send(test.app, owner.headers, 'GET', `/api/tasks/${taskId}`);
    expect(task.json().data).toMatchObject({ status: 'completed', progress: 100 });
  });
});
