import { randomUUID } from 'node:crypto';
import { all, statuses as s, type MatrixModule } from './types.js';

const userBody = () => ({
  name: 'Matrix Person',
  email: `matrix-${randomUUID().slice(0, 8)}@demo.vigil.test`,
  countryCode: '+44',
  phoneNumber: '7700900000',
  role: 'user',
});
const token = 'x'.repeat(43);

/** Sign-in, users, account settings and the audit trail. */
export const foundation: MatrixModule = {
  calls: [
    // Public: a bad request is refused as bad, never as unauthorised.
    {
      method: 'POST',
      route: '/api/auth',
      url: () => '/api/auth',
      body: () => ({ email: '' }),
      expected: all(400),
    },
    {
      method: 'POST',
      route: '/api/auth/signup',
      url: () => '/api/auth/signup',
      body: () => ({}),
      expected: all(400),
    },
    {
      method: 'GET',
      route: '/api/auth/confirm/:emailToken',
      url: () => `/api/auth/confirm/${token}`,
      expected: all(400),
    },
    {
      method: 'POST',
      route: '/api/auth/forgot',
      url: () => '/api/auth/forgot',
      body: () => ({ email: 'nobody@nowhere.example' }),
      expected: all(200),
    },
    {
      method: 'GET',
      route: '/api/auth/forgot/:token',
      url: () => `/api/auth/forgot/${token}`,
      expected: all(400),
    },
    {
      method: 'POST',
      route: '/api/auth/forgot/:token',
      url: () => `/api/auth/forgot/${token}`,
      body: () => ({ password: 'secret12' }),
      expected: all(400),
    },
    {
      method: 'DELETE',
      route: '/api/auth',
      url: () => '/api/auth',
      expected: s(401, 200, 200, 200, 200),
      freshSession: true,
    },
    // The signed-in user and their account.
    {
      method: 'GET',
      route: '/api/user/metadata',
      url: () => '/api/user/metadata',
      expected: s(401, 200, 200, 200, 200),
    },
    {
      method: 'GET',
      route: '/api/user/accountMetadata',
      url: () => '/api/user/accountMetadata',
      expected: s(401, 200, 200, 200, 200),
    },
    {
      method: 'PUT',
      route: '/api/user/language',
      url: () => '/api/user/language',
      body: () => ({ language: 'en' }),
      expected: s(401, 200, 200, 200, 200),
    },
    {
      method: 'PUT',
      route: '/api/user/preferences',
      url: () => '/api/user/preferences',
      body: () => ({ alarmSoundMuted: false }),
      expected: s(401, 200, 200, 200, 200),
    },
    // Users.
    {
      method: 'GET',
      route: '/api/user/userIds',
      url: () => '/api/user/userIds',
      expected: s(401, 200, 200, 403, 200),
    },
    {
      method: 'GET',
      route: '/api/user/subUsers',
      url: (c) => `/api/user/subUsers?parentId=${c.ids.ownerId ?? ''}`,
      expected: s(401, 200, 200, 403, 404),
    },
    {
      method: 'POST',
      route: '/api/user/add',
      url: () => '/api/user/add',
      body: (c) => ({ ...userBody(), accountId: c.ids.demoAccountId }),
      expected: s(401, 201, 201, 403, 404),
    },
    {
      method: 'GET',
      route: '/api/user/:id/',
      url: (c) => `/api/user/${c.ids.ownerId ?? ''}/`,
      expected: s(401, 404, 200, 403, 404),
    },
    {
      method: 'PUT',
      route: '/api/user/:id',
      url: (c) => `/api/user/${c.ids.viewerId ?? ''}`,
      body: () => ({ name: 'Victor Viewer', countryCode: '+44', phoneNumber: '7700900456' }),
      expected: s(401, 200, 200, 403, 404),
    },
    {
      method: 'DELETE',
      route: '/api/user/:id',
      url: async (c) => {
        const created = await c.app.inject({
          method: 'POST',
          url: '/api/user/add',
          headers: c.headers('super_user'),
          payload: userBody(),
        });
        return `/api/user/${String(created.json().data.id)}`;
      },
      expected: s(401, 200, 200, 403, 404),
    },
    // Accounts and their settings.
    {
      method: 'GET',
      route: '/api/account/list',
      url: () => '/api/account/list',
      expected: s(401, 200, 403, 403, 403),
    },
    {
      method: 'GET',
      route: '/api/account/getAccountSettings',
      url: () => '/api/account/getAccountSettings',
      expected: s(401, 403, 200, 200, 200),
    },
    {
      method: 'PUT',
      route: '/api/account/updateAccountSettings',
      url: () => '/api/account/updateAccountSettings',
      body: () => ({ temperatureUnit: 'C' }),
      expected: s(401, 403, 200, 403, 200),
    },
    {
      method: 'GET',
      route: '/api/account/getApiKey',
      url: () => '/api/account/getApiKey',
      expected: s(401, 403, 200, 403, 200),
    },
    {
      method: 'POST',
      route: '/api/account/createApiKey',
      url: () => '/api/account/createApiKey',
      expected: s(401, 403, 201, 403, 201),
    },
    {
      method: 'GET',
      route: '/api/misc/account/offlineAlarmSetting',
      url: () => '/api/misc/account/offlineAlarmSetting',
      expected: s(401, 403, 200, 200, 200),
    },
    {
      method: 'PUT',
      route: '/api/misc/account/offlineAlarmSetting',
      url: () => '/api/misc/account/offlineAlarmSetting',
      body: () => ({ offlineAlarmEnable: 1, maxAlarms: 24, alarmFrequency: 60 }),
      expected: s(401, 403, 200, 403, 200),
    },
    // Audit trail.
    {
      method: 'GET',
      route: '/api/audit/logs',
      url: () => '/api/audit/logs',
      expected: s(401, 200, 200, 403, 200),
    },
    {
      method: 'GET',
      route: '/api/audit/facets',
      url: () => '/api/audit/facets',
      expected: s(401, 200, 200, 403, 200),
    },
    {
      method: 'GET',
      route: '/api/audit/verify',
      url: () => '/api/audit/verify',
      expected: s(401, 200, 200, 403, 200),
    },
  ],
};
