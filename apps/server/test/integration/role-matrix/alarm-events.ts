import { alarmEvents, favouriteComments } from '../../../src/db/schema/index.js';
import { insertDevice } from '../../helpers/history-fixtures.js';
import { statuses as s, type Caller, type MatrixModule } from './types.js';

const range = 'startTime=2025-01-01T00:00:00Z&endTime=2025-02-01T00:00:00Z';

/** Each caller acknowledges an event of their own, so that no call finds it acknowledged before. */
const eventOf = (ids: Record<string, string>, caller: Caller) => ids[`alarmEvent:${caller}`] ?? '';

/**
 * Alarm events of the demo account, on a device assigned to the demo user: owners and that
 * user reach them, another account's owner gets 404, a platform administrator has none (403).
 * Favourites are each person's own: deleting someone else's is 404.
 */
export const alarmEventsMatrix: MatrixModule = {
  setup: async ({ db, ids }) => {
    const deviceId = await insertDevice(db, ids.demoAccountId ?? '', 'Matrix fridge', [
      ids.viewerId ?? '',
    ]);
    for (const caller of ['anonymous', 'super_admin', 'super_user', 'user', 'other'] as const) {
      const [row] = await db
        .insert(alarmEvents)
        .values({
          accountId: ids.demoAccountId ?? '',
          deviceId,
          type: 'temperature',
          value: 12,
          min: 2,
          max: 8,
          raisedAt: new Date('2025-01-10T10:00:00Z'),
          clearedAt: new Date('2025-01-10T11:00:00Z'),
        })
        .returning({ id: alarmEvents.id });
      ids[`alarmEvent:${caller}`] = row?.id ?? '';
    }
    ids.matrixAlarmDevice = deviceId;
    const favourites = await db
      .insert(favouriteComments)
      .values([
        { userId: ids.ownerId ?? '', message: 'matrix favourite' },
        { userId: ids.viewerId ?? '', message: 'matrix favourite' },
      ])
      .returning({ id: favouriteComments.id });
    ids.ownerFavourite = favourites[0]?.id ?? '';
    ids.viewerFavourite = favourites[1]?.id ?? '';
  },
  calls: [
    {
      // Another account's owner filtering on this device finds nothing (its own list is empty).
      method: 'GET',
      route: '/api/alarms/events',
      url: ({ ids }) =>
        `/api/alarms/events?state=recovered_unacknowledged,active&deviceId=${ids.matrixAlarmDevice ?? ''}`,
      expected: s(401, 403, 200, 200, 200),
    },
    {
      method: 'GET',
      route: '/api/alarms/summary',
      url: () => '/api/alarms/summary',
      expected: s(401, 403, 200, 200, 200),
    },
    {
      method: 'POST',
      route: '/api/alarms/events/:id/acknowledge',
      url: ({ ids }, caller) => `/api/alarms/events/${eventOf(ids, caller)}/acknowledge`,
      body: () => ({
        comment: 'checked',
        password: 'vigil-demo',
        meaning: 'reviewed_and_acted_on',
      }),
      expected: s(401, 403, 200, 200, 404),
    },
    {
      method: 'PUT',
      route: '/api/device-alarm/add-comment/:id',
      url: ({ ids }) => `/api/device-alarm/add-comment/${eventOf(ids, 'super_user')}`,
      body: () => ({ comment: 'a comment' }),
      expected: s(401, 403, 200, 200, 404),
    },
    {
      method: 'GET',
      route: '/api/device-alarm/comments/:id',
      url: ({ ids }) => `/api/device-alarm/comments/${eventOf(ids, 'super_user')}`,
      expected: s(401, 403, 200, 200, 404),
    },
    {
      method: 'GET',
      route: '/api/alarms/favouriteComments',
      url: () => '/api/alarms/favouriteComments',
      expected: s(401, 403, 200, 200, 200),
    },
    {
      method: 'POST',
      route: '/api/alarms/favouriteComments',
      url: () => '/api/alarms/favouriteComments',
      body: () => ({ message: 'a new favourite' }),
      expected: s(401, 403, 201, 201, 201),
    },
    {
      method: 'DELETE',
      route: '/api/alarms/favouriteComments/:id',
      url: ({ ids }, caller) =>
        `/api/alarms/favouriteComments/${caller === 'user' ? ids.viewerFavourite : ids.ownerFavourite}`,
      expected: s(401, 403, 200, 200, 404),
    },
    {
      method: 'GET',
      route: '/api/alarms/downloadAlarmCSV',
      url: () => `/api/alarms/downloadAlarmCSV?${range}`,
      expected: s(401, 403, 200, 200, 200),
    },
    {
      method: 'GET',
      route: '/api/alarms/downloadAlarmPDF',
      url: () => `/api/alarms/downloadAlarmPDF?${range}`,
      expected: s(401, 403, 200, 200, 200),
    },
  ],
};
