import { deviceThresholdAlarms } from '../../../src/modules/alarms/index.js';
import { runRawExport } from '../../../src/modules/readings/exports/raw-export.js';
import { insertDevice, insertReadings } from '../../helpers/history-fixtures.js';
import { all, statuses as s, type MatrixContext, type MatrixModule } from './types.js';

const from = '2025-06-01T10:00:00Z';
const to = '2025-06-01T11:00:00Z';
const range = `from=${from}&to=${to}&timezone=Europe/Vaduz`;

/**
 * History and exports: device data is for the people of the device's account (a user only
 * for devices assigned to them); a platform administrator has no account (403); another
 * account gets 404. The export file link is public: its signed token is the authorisation.
 */
export const history: MatrixModule = {
  async setup(c: MatrixContext) {
    const accountId = c.ids.demoAccountId ?? '';
    const deviceId = await insertDevice(c.db, accountId, 'Matrix Fridge', [c.ids.viewerId ?? '']);
    await insertReadings(
      c.db,
      deviceId,
      Array.from({ length: 5 }, (_, i) => ({
        ts: new Date(Date.parse(from) + i * 60_000),
        t: 4 + i / 10,
      })),
    );
    c.ids.historyDeviceId = deviceId;
    const created = await c.app.inject({
      method: 'POST',
      url: '/api/tasks',
      headers: c.headers('super_user'),
      payload: { type: 'raw_data', deviceId, from, to, format: 'csv' },
    });
    const taskId = String(created.json().data.taskId);
    await runRawExport(
      { db: c.db, dataDir: c.app.ctx.config.dataDir, thresholdAlarms: deviceThresholdAlarms },
      taskId,
    );
    const task = await c.app.inject({
      method: 'GET',
      url: `/api/tasks/${taskId}`,
      headers: c.headers('super_user'),
    });
    c.ids.exportTaskId = taskId;
    c.ids.exportUrl = String(task.json().data.resultUrl);
  },
  calls: [
    {
      method: 'GET',
      route: '/api/device/:id/graph',
      url: (c) => `/api/device/${c.ids.historyDeviceId ?? ''}/graph?${range}`,
      expected: s(401, 403, 200, 200, 404),
    },
    {
      method: 'GET',
      route: '/api/device/:id/raw',
      url: (c) => `/api/device/${c.ids.historyDeviceId ?? ''}/raw?${range}`,
      expected: s(401, 403, 200, 200, 404),
    },
    {
      method: 'GET',
      route: '/api/device/downloadCsv',
      url: (c) => `/api/device/downloadCsv?deviceId=${c.ids.historyDeviceId ?? ''}&${range}`,
      expected: s(401, 403, 200, 200, 404),
    },
    {
      method: 'GET',
      route: '/api/device/downloadPdf',
      url: (c) => `/api/device/downloadPdf?deviceId=${c.ids.historyDeviceId ?? ''}&${range}`,
      expected: s(401, 403, 200, 200, 404),
    },
    {
      method: 'POST',
      route: '/api/tasks',
      url: () => '/api/tasks',
      body: (c) => ({
        type: 'raw_data',
        deviceId: c.ids.historyDeviceId,
        from,
        to,
        format: 'pdf',
        timezone: 'Europe/Vaduz',
      }),
      expected: s(401, 403, 201, 201, 404),
    },
    {
      method: 'GET',
      route: '/api/tasks/:taskId',
      url: (c) => `/api/tasks/${c.ids.exportTaskId ?? ''}`,
      expected: s(401, 404, 200, 404, 404),
    },
    {
      method: 'GET',
      route: '/api/files/exports/:taskId',
      url: (c) => c.ids.exportUrl ?? '',
      expected: all(200),
    },
  ],
};
