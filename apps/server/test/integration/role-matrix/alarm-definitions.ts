import { eq } from 'drizzle-orm';
import { alarms, alertProfiles, devices } from '../../../src/db/schema/index.js';
import { insertDevice } from '../../helpers/history-fixtures.js';
import { callers, statuses as s, type Caller, type MatrixModule } from './types.js';

/** Each caller changes an alarm or profile of its own, so that no call finds it deleted before. */
const own = (ids: Record<string, string>, kind: string, caller: Caller) =>
  ids[`${kind}:${caller}`] ?? '';

const alarmBody = (ids: Record<string, string>) => ({
  name: 'Matrix alarm',
  deviceId: ids.alarmDevice,
  tempEnabled: true,
  minTemp: 2,
  maxTemp: 8,
  adminEnable: true,
});
const { deviceId: _deviceId, ...alarmUpdate } = alarmBody({});

const profileBody = (ids: Record<string, string>) => ({
  profileName: 'Matrix profile',
  tempEnabled: true,
  minTemp: 2,
  maxTemp: 8,
  adminEnable: true,
  devices: [ids.alarmDevice],
});

const lightFields = {
  name: 'Matrix light',
  minLux: 100,
  maxLux: 900,
  lightSchedule: {
    days: Array.from({ length: 7 }, (_, day) => ({ day, enabled: true, windows: [] })),
  },
  adminEnable: true,
};

/**
 * Alarm definitions of the demo account on a device assigned to the demo user. A `user`
 * changes alarms they created (the editing rule refuses owners' alarms, tested elsewhere);
 * only owners change alert profiles; another account's owner gets 404.
 */
export const alarmDefinitionsMatrix: MatrixModule = {
  setup: async ({ db, ids }) => {
    const accountId = ids.demoAccountId ?? '';
    ids.alarmDevice = await insertDevice(db, accountId, 'Matrix alarm fridge', [
      ids.viewerId ?? '',
    ]);
    await db
      .update(devices)
      .set({ latestData: { createdAt: '2026-01-01T00:00:00.000Z', light_s: 300 } })
      .where(eq(devices.id, ids.alarmDevice));
    for (const caller of callers) {
      const createdByRole = caller === 'user' ? 'user' : 'super_user';
      for (const kind of ['threshold', 'light'] as const) {
        const [row] = await db
          .insert(alarms)
          .values({
            accountId,
            deviceId: ids.alarmDevice,
            kind,
            name: `Matrix ${kind} ${caller}`,
            createdByRole,
            adminEnable: true,
            ...(kind === 'light'
              ? { minLux: 1, maxLux: 10, lightSchedule: lightFields.lightSchedule }
              : {}),
          })
          .returning({ id: alarms.id });
        ids[`${kind}:${caller}`] = row?.id ?? '';
      }
      const [profile] = await db
        .insert(alertProfiles)
        .values({ accountId, name: `Matrix ${caller}`, adminEnable: true })
        .returning({ id: alertProfiles.id });
      ids[`profile:${caller}`] = profile?.id ?? '';
    }
  },
  calls: [
    {
      method: 'GET',
      route: '/api/alarms/list',
      url: () => '/api/alarms/list',
      expected: s(401, 200, 200, 200, 200),
    },
    {
      method: 'GET',
      route: '/api/alarms/:id',
      url: ({ ids }) => `/api/alarms/${ids.alarmDevice ?? ''}`,
      expected: s(401, 403, 200, 200, 404),
    },
    {
      method: 'POST',
      route: '/api/alarms/setAlarm',
      url: () => '/api/alarms/setAlarm',
      body: ({ ids }) => alarmBody(ids),
      expected: s(401, 403, 201, 201, 404),
    },
    {
      method: 'PUT',
      route: '/api/alarms/:id',
      url: ({ ids }, caller) => `/api/alarms/${own(ids, 'threshold', caller)}`,
      body: () => alarmUpdate,
      expected: s(401, 403, 200, 200, 404),
    },
    {
      method: 'DELETE',
      route: '/api/alarms/:id',
      url: ({ ids }, caller) => `/api/alarms/${own(ids, 'threshold', caller)}`,
      expected: s(401, 403, 200, 200, 404),
    },
    {
      method: 'GET',
      route: '/api/alarms/lightProfile',
      url: () => '/api/alarms/lightProfile',
      expected: s(401, 403, 200, 200, 200),
    },
    {
      method: 'POST',
      route: '/api/alarms/lightProfile',
      url: () => '/api/alarms/lightProfile',
      body: ({ ids }) => ({ ...lightFields, devices: [ids.alarmDevice] }),
      expected: s(401, 403, 201, 201, 404),
    },
    {
      method: 'PUT',
      route: '/api/alarms/lightProfile/:id',
      url: ({ ids }, caller) => `/api/alarms/lightProfile/${own(ids, 'light', caller)}`,
      body: () => lightFields,
      expected: s(401, 403, 200, 200, 404),
    },
    {
      method: 'GET',
      route: '/api/alarms/getAlarmProfiles',
      url: () => '/api/alarms/getAlarmProfiles',
      expected: s(401, 403, 200, 200, 200),
    },
    {
      method: 'POST',
      route: '/api/alarms/setAlarmProfile',
      url: () => '/api/alarms/setAlarmProfile',
      body: ({ ids }) => profileBody(ids),
      expected: s(401, 403, 201, 403, 404),
    },
    {
      method: 'POST',
      route: '/api/alarms/updateAlarmProfile',
      url: () => '/api/alarms/updateAlarmProfile',
      body: ({ ids }, caller) => ({ ...profileBody(ids), profileId: own(ids, 'profile', caller) }),
      expected: s(401, 403, 200, 403, 404),
    },
    {
      method: 'POST',
      route: '/api/alarms/deleteAlarmProfile',
      url: () => '/api/alarms/deleteAlarmProfile',
      body: ({ ids }, caller) => ({ profileId: own(ids, 'profile', caller) }),
      expected: s(401, 403, 200, 403, 404),
    },
  ],
};
