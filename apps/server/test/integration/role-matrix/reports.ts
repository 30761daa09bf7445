import { reportRuns } from '../../../src/db/schema/index.js';
import { typedHardwareId } from '../../helpers/inventory.js';
import { all, statuses as s, type MatrixContext, type MatrixModule } from './types.js';

async function created(c: MatrixContext, url: string, payload: object): Promise<string> {
  const response = await c.app.inject({
    method: 'POST',
    url,
    headers: c.headers('super_user'),
    payload,
  });
  if (response.statusCode !== 201)
    throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return String(response.json().data.id);
}

const reportPayload = (c: MatrixContext, name: string) => ({
  name,
  timezone: 'Europe/Vaduz',
  devices: [c.ids.reportDeviceId],
  users: [c.ids.viewerId],
});

/**
 * Scheduled reports: owners manage their account's reports; a user reads the reports they
 * receive (and their runs) and changes nothing; the platform administrator has no account
 * (403); another account's owner never sees the demo account's reports (404).
 */
export const reportsMatrix: MatrixModule = {
  async setup(c) {
    c.ids.reportDeviceId = await created(c, '/api/device', {
      deviceName: 'Report Device',
      deviceId: typedHardwareId(),
    });
    c.ids.reportId = await created(c, '/api/reports', reportPayload(c, 'Matrix report'));
    c.ids.deletableReportId = await created(c, '/api/reports', reportPayload(c, 'Delete me'));
    // A run still being built: no file yet (the worker never sees it: no job names it).
    const [run] = await c.db
      .insert(reportRuns)
      .values({
        reportId: c.ids.reportId,
        periodStart: new Date('2026-01-01T00:00:00Z'),
        periodEnd: new Date('2026-01-02T00:00:00Z'),
        manual: true,
        status: 'building',
      })
      .returning({ id: reportRuns.id });
    c.ids.reportRunId = run?.id ?? '';
  },
  calls: [
    {
      method: 'GET',
      route: '/api/reports',
      url: () => '/api/reports?page=1&pageSize=10',
      expected: s(401, 403, 200, 200, 200),
    },
    {
      method: 'GET',
      route: '/api/reports/:id',
      url: (c) => `/api/reports/${c.ids.reportId}`,
      expected: s(401, 403, 200, 200, 404),
    },
    {
      method: 'POST',
      route: '/api/reports',
      url: () => '/api/reports',
      body: (c) => reportPayload(c, 'Matrix new'),
      expected: s(401, 403, 201, 403, 404),
    },
    {
      method: 'PUT',
      route: '/api/reports/:id',
      url: (c) => `/api/reports/${c.ids.reportId}`,
      body: (c) => reportPayload(c, 'Matrix report'),
      expected: s(401, 403, 200, 403, 404),
    },
    {
      method: 'DELETE',
      route: '/api/reports/:id',
      url: (c) => `/api/reports/${c.ids.deletableReportId}`,
      expected: s(401, 403, 200, 403, 404),
    },
    {
      method: 'POST',
      route: '/api/reports/:id/send',
      url: (c) => `/api/reports/${c.ids.reportId}/send`,
      expected: s(401, 403, 202, 403, 404),
    },
    {
      method: 'GET',
      route: '/api/reports/:id/runs',
      url: (c) => `/api/reports/${c.ids.reportId}/runs`,
      expected: s(401, 403, 200, 200, 404),
    },
    {
      method: 'GET',
      route: '/api/reports/:id/runs/:runId/download',
      url: (c) => `/api/reports/${c.ids.reportId}/runs/${c.ids.reportRunId}/download`,
      expected: s(401, 403, 409, 409, 404),
    },
    {
      // Public: the signed token is the authorisation, and a forged one opens nothing.
      method: 'GET',
      route: '/api/reports/files/:runId',
      url: (c) => `/api/reports/files/${c.ids.reportRunId}?token=forged`,
      expected: all(403),
    },
  ],
};
