import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, apiKeys } from '../../src/db/schema/index.js';
import { demo } from '../helpers/fixtures.js';
import { auditEntries } from '../helpers/inventory.js';
import { createDemoApp, login, type TestApp } from '../helpers/test-app.js';

let test: TestApp;
let owner: Awaited<ReturnType<typeof login>>;
let viewer: Awaited<ReturnType<typeof login>>;

beforeAll(async () => {
  test = await createDemoApp();
  owner = await login(test.app, demo.owner);
  viewer = await login(test.app, demo.viewer);
});
afterAll(async () => {
  await test.close();
});

describe('personal preferences', () => {
  it('keeps the alarm sound muted per person, on the server, audited', async () => {
    const metadata = async (headers: Record<string, string>) =>
      (await test.app.inject({ method: 'GET', url: '/api/user/metadata', headers })).json().data;
    expect((await metadata(viewer.headers)).alarmSoundMuted).toBe(false);
    const put = await test.app.inject({
      method: 'PUT',
      url: '/api/user/preferences',
      headers: viewer.headers,
      payload: { alarmSoundMuted: true },
    });
    expect(put.statusCode, put.body).toBe(200);
    // Another sign-in of the same person (another browser) reads it back; others keep theirs.
    const again = await login(test.app, demo.viewer);
    expect((await metadata(again.headers)).alarmSoundMuted).toBe(true);
    expect((await metadata(owner.headers)).alarmSoundMuted).toBe(false);
    const [entry] = await auditEntries(test.runtime.ctx.db, 'user', 'update');
    expect(entry).toMatchObject({
      result: 'success',
      information: `${demo.viewer} muted the alarm sound`,
    });
    const bad = await test.app.inject({
      method: 'PUT',
      url: '/api/user/preferences',
      headers: viewer.headers,
      payload: { alarmSoundMuted: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('alarmSoundMuted');
    expect((await metadata(viewer.headers)).alarmSoundMuted).toBe(true);
  });
});

describe('account settings', () => {
  it('changes the temperature unit for everyone in the account', async () => {
    const put = await test.app.inject({
      method: 'PUT',
      url: '/api/account/updateAccountSettings',
      headers: owner.headers,
      payload: { temperatureUnit: 'F' },
    });
    expect(put.json().data).toEqual({
      temperatureUnit: 'F',
      voiceCall: false,
      escalationMinutes: 60,
    });
    const seen = await test.app.inject({
      method: 'GET',
      url: '/api/account/getAccountSettings',
      headers: viewer.headers,
    });
    expect(seen.json().data.temperatureUnit).toBe('F');
    const meta = await test.app.inject({
      method: 'GET',
      url: '/api/user/metadata',
      headers: viewer.headers,
    });
    expect(meta.json().data.temperatureUnit).toBe('F');
  });

  it('refuses a unit that is not C or F', async () => {
    const put = await test.app.inject({
      method: 'PUT',
      url: '/api/account/updateAccountSettings',
      headers: owner.headers,
      payload: { temperatureUnit: 'K' },
    });
    expect(put.statusCode).toBe(400);
    expect(put.json().errors[0]).toMatchObject({
      field: 'temperatureUnit',
      message: 'temperature unit must be C or F',
    });
  });

  it('keeps the alarm escalation time: never or 15 to 1440 minutes, set by the owner only', async () => {
    const initial = await settingsOf(viewer.headers);
    expect(initial.escalationMinutes).toBe(60);

    const put = await updateSettings(owner.headers, { escalationMinutes: 240 });
    expect(put.statusCode).toBe(200);
    expect(put.json().data).toEqual({ ...initial, escalationMinutes: 240 });
    expect(await settingsOf(viewer.headers)).toEqual({ ...initial, escalationMinutes: 240 });
    expect(await storedEscalation()).toBe(240);

    for (const escalationMinutes of [0, 15, 1440]) {
      const ok = await updateSettings(owner.headers, { escalationMinutes });
      expect(ok.json().data.escalationMinutes).toBe(escalationMinutes);
      expect(await storedEscalation()).toBe(escalationMinutes);
    }
    await updateSettings(owner.headers, { escalationMinutes: 30 });

    for (const escalationMinutes of [-15, 5, 14, 1441, 20.5, '60', null]) {
      // A bad escalation time also keeps a valid temperature unit in the same body from changing.
      const bad = await updateSettings(owner.headers, { temperatureUnit: 'C', escalationMinutes });
      expect(bad.statusCode, String(escalationMinutes)).toBe(400);
      expect(bad.json().errors[0]).toEqual({
        code: 'escalationMinutesInvalid',
        field: 'escalationMinutes',
        message: 'escalation time must be 0 (never) or between 15 and 1440 minutes',
      });
    }
    const refused = await updateSettings(viewer.headers, { escalationMinutes: 0 });
    expect(refused.statusCode).toBe(403);
    expect(await settingsOf(owner.headers)).toEqual({ ...initial, escalationMinutes: 30 });
    expect(await storedEscalation()).toBe(30);

    // A body with neither setting is refused as before.
    const empty = await updateSettings(owner.headers, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0]).toMatchObject({
      field: 'temperatureUnit',
      message: 'temperature unit must be C or F',
    });
  });

  it('shows a new API key once, stores only its hash, and revokes the previous key', async () => {
    const none = await test.app.inject({
      method: 'GET',
      url: '/api/account/getApiKey',
      headers: owner.headers,
    });
    expect(none.json().data).toEqual({ apiKey: null, createdAt: null });

    const first = (
      await test.app.inject({
        method: 'POST',
        url: '/api/account/createApiKey',
        headers: owner.headers,
      })
    ).json().data;
    expect(first.apiKey).toMatch(/^vgl_[A-Za-z0-9_-]{40}$/);
    const view = (
      await test.app.inject({
        method: 'GET',
        url: '/api/account/getApiKey',
        headers: owner.headers,
      })
    ).json().data;
    expect(view.apiKey).toBe(`${first.apiKey.slice(0, 8)}${'•'.repeat(24)}`);

    const second = (
      await test.app.inject({
        method: 'POST',
        url: '/api/account/createApiKey',
        headers: owner.headers,
      })
    ).json().data;
    expect(second.apiKey).not.toBe(first.apiKey);
    const rows = await test.runtime.ctx.db
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.accountId, await accountId()));
    expect(rows).toHaveLength(2);
    expect(rows.filter((row) => row.revokedAt === null)).toHaveLength(1);
    for (const row of rows) {
      expect(row.keyHash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(row)).not.toContain(first.apiKey);
      expect(JSON.stringify(row)).not.toContain(second.apiKey);
    }
  });

  it('keeps offline alarm settings with the spec rules', async () => {
    const initial = await test.app.inject({
      method: 'GET',
      url: '/api/misc/account/offlineAlarmSetting',
      headers: viewer.headers,
    });
    expect(initial.json().data).toEqual({
      offlineAlarmEnable: 0,
      maxAlarms: 24,
      alarmFrequency: 60,
    });

    const oneTime = await test.app.inject({
      method: 'PUT',
      url: '/api/misc/account/offlineAlarmSetting',
      headers: owner.headers,
      payload: { offlineAlarmEnable: 1, maxAlarms: 1, alarmFrequency: 90 },
    });
    expect(oneTime.json().data).toEqual({
      offlineAlarmEnable: 1,
      maxAlarms: 1,
      alarmFrequency: 90,
    });

    // One-time means nothing while offline alarms are off: it falls back to repeating.
    const off = await test.app.inject({
      method: 'PUT',
      url: '/api/misc/account/offlineAlarmSetting',
      headers: owner.headers,
      payload: { offlineAlarmEnable: 0, maxAlarms: 1, alarmFrequency: 30 },
    });
    expect(off.json().data).toEqual({ offlineAlarmEnable: 0, maxAlarms: 24, alarmFrequency: 30 });

    for (const payload of [
      { offlineAlarmEnable: 1, maxAlarms: 24, alarmFrequency: 45 },
      { offlineAlarmEnable: 2, maxAlarms: 24, alarmFrequency: 60 },
      { offlineAlarmEnable: 1, maxAlarms: 5, alarmFrequency: 60 },
    ]) {
      const bad = await test.app.inject({
        method: 'PUT',
        url: '/api/misc/account/offlineAlarmSetting',
        headers: owner.headers,
        payload,
      });
      expect(bad.statusCode).toBe(400);
    }
    const frequency = await test.app.inject({
      method: 'PUT',
      url: '/api/misc/account/offlineAlarmSetting',
      headers: owner.headers,
      payload: { offlineAlarmEnable: 1, maxAlarms: 24, alarmFrequency: 45 },
    });
    expect(frequency.json().errors[0].message).toBe('please choose an offline alarm frequency');
    const unchanged = await test.app.inject({
      method: 'GET',
      url: '/api/misc/account/offlineAlarmSetting',
      headers: owner.headers,
    });
    expect(unchanged.json().data).toEqual({
      offlineAlarmEnable: 0,
      maxAlarms: 24,
      alarmFrequency: 30,
    });
  });

  it('audits each settings change', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: '/api/audit/logs?event=account',
      headers: owner.headers,
    });
    const messages = response.json().data.list.map((entry: { message: string }) => entry.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Temperature unit changed from C to F',
        'Alarm escalation to the account admins changed from 60 min to 240 min',
        'Alarm escalation to the account admins changed from 240 min to never',
        'Alarm escalation to the account admins changed from never to 15 min',
        'Offline alarms enabled, one-time',
        'Offline alarms disabled',
        expect.stringMatching(/^Created API key vgl_[\w-]{4}… and revoked vgl_[\w-]{4}…$/),
      ]),
    );
    // One entry per accepted change (240, 0, 15, 1440, 30); nothing for the refused ones.
    expect(
      messages.filter((message: string) => message.startsWith('Alarm escalation')),
    ).toHaveLength(5);
  });
});

function updateSettings(headers: Record<string, string>, payload: object) {
  return test.app.inject({
    method: 'PUT',
    url: '/api/account/updateAccountSettings',
    headers,
    payload,
  });
}

async function settingsOf(headers: Record<string, string>) {
  const response = await test.app.inject({
    method: 'GET',
    url: '/api/account/getAccountSettings',
    headers,
  });
  return response.json().data;
}

async function storedEscalation(): Promise<number | undefined> {
  const [row] = await test.runtime.ctx.db
    .select({ escalationMinutes: accounts.escalationMinutes })
    .from(accounts)
    .where(eq(accounts.id, await accountId()));
  return row?.escalationMinutes;
}

async function accountId(): Promise<string> {
  const meta = await test.app.inject({
    method: 'GET',
    url: '/api/user/metadata',
    headers: owner.headers,
  });
  return meta.json().data.accountId;
}
