import { statuses as s, type MatrixModule } from './types.js';

const prefs = {
  layouts: { lg: [{ i: 'customStatus', x: 0, y: 0, w: 6, h: 3 }] },
  visible: ['customStatus'],
  locked: false,
};

/**
 * The dashboard's cards and preferences: for the roles that have a dashboard (an account's
 * owners and users), each within their own account (the lists' contents are checked in
 * dashboard.test.ts); a platform administrator has none.
 */
export const dashboard: MatrixModule = {
  calls: [
    {
      method: 'POST',
      route: '/api/alarms/recentDoorOpenings',
      url: () => '/api/alarms/recentDoorOpenings?page=1&pageSize=9',
      body: () => ({ authToken: 'ignored' }),
      expected: s(401, 403, 200, 200, 200),
    },
    {
      method: 'POST',
      route: '/api/alarms/recentAlarms/v2',
      url: () => '/api/alarms/recentAlarms/v2?page=1&pageSize=9',
      expected: s(401, 403, 200, 200, 200),
    },
    {
      method: 'GET',
      route: '/api/device/overview',
      url: () => '/api/device/overview',
      expected: s(401, 403, 200, 200, 200),
    },
    {
      method: 'GET',
      route: '/api/device/sparklines',
      url: () => '/api/device/sparklines?hours=3',
      expected: s(401, 403, 200, 200, 200),
    },
    {
      method: 'GET',
      route: '/api/user/dashboard',
      url: () => '/api/user/dashboard',
      expected: s(401, 403, 200, 200, 200),
    },
    {
      method: 'PUT',
      route: '/api/user/dashboard',
      url: () => '/api/user/dashboard',
      body: () => prefs,
      expected: s(401, 403, 200, 200, 200),
    },
  ],
};
