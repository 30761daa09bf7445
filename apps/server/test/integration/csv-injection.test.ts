import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarmEvents, alarms, comments } from '../../src/db/schema/index.js';
import { reportCsv } from '../../src/modules/reports/document/csv.js';
import type { ReportContent } from '../../src/modules/reports/document/model.js';
import { safeCell } from '../../src/lib/csv.js';
import { demo } from '../helpers/fixtures.js';
import { addDevice, send } from '../helpers/inventory.js';
import { createDemoApp, login, type TestApp } from '../helpers/test-app.js';

let test: TestApp;
beforeAll(async () => {
  test = await createDemoApp();
});
afterAll(async () => {
  await test.close();
});

describe('CSV formula injection', () => {
  it.each([
    ['=2+3', "'=2+3"],
    ['+SUM(A1:A9)', "'+SUM(A1:A9)"],
    ['-2+3', "'-2+3"],
    ['@cmd', "'@cmd"],
    ['\tdata', "'\tdata"],
    ['\rdata', "'\rdata"],
    ['Fridge =1', 'Fridge =1'],
    ['-80.5', '-80.5'],
    ['+44', '+44'],
    [-80.5, '-80.5'],
    [null, ''],
  ])('writes %j as %j', (value, written) => {
    expect(safeCell(value)).toBe(written);
  });

  it('neutralises names and comments in the alarm CSV download', async () => {
    const owner = await login(test.app, demo.owner);
    const device = await addDevice(test.app, owner.headers, { deviceName: '=2+3' });
    const metadata = await send(test.app, owner.headers, 'GET', '/api/user/metadata');
    const accountId = metadata.json().data.accountId as string;
    const { db } = test.runtime.ctx;
    const [alarm] = await db
      .insert(alarms)
      .values({ accountId, deviceId: device.id, name: '@HYPERLINK' })
      .returning();
    const at = new Date(Date.UTC(2025, 4, 5, 8));
    const [event] = await db
      .insert(alarmEvents)
      .values({
        accountId,
        deviceId: device.id,
        alarmId: alarm!.id,
        type: 'temperature',
        value: -81,
        min: -86,
        max: -75,
        readingTs: at,
        raisedAt: at,
        clearedAt: at,
      })
      .returning();
    await db.insert(comments).values({ alarmEventId: event!.id, comment: '+cmd|calc' });
    const query = new URLSearchParams({
      startTime: '2025-05-01T00:00:00Z',
      endTime: '2025-05-31T00:00:00Z',
      timezone: 'UTC',
    });
    const started = await send(
      test.app,
      owner.headers,
      'GET',
      `/api/alarms/downloadAlarmCSV?${query.toString()}`,
    );
    expect(started.statusCode).toBe(200);
    await test.runtime.worker?.drain();
    const file = await send(test.app, {}, 'GET', started.json().data.url);
    const [, row] = file.body.trim().split('\n');
    expect(row).toContain(",'@HYPERLINK,'=2+3,");
    expect(row).toContain(',-81,-86,-75,');
    expect(row).toMatch(/: '?\+cmd\|calc"?$/);
    expect(row).not.toMatch(/,[=+@]/);
  });

  it('neutralises device names and comments in report-run CSVs', () => {
    const content = {
      rows: [
        {
          deviceName: '=HYPERLINK("http://x")',
          metric: 't',
          unit: '°C',
          count: 3,
          min: -80.5,
          max: -79,
          mean: -80,
          mkt: -80,
          low: -86,
          high: -75,
          outOfRangeMs: 0,
          gapCount: 0,
          gapMs: 0,
          door: undefined,
        },
      ],
      insights: [],
      events: [
        {
          deviceName: '-1+1',
          type: 'temperature',
          unit: '°C',
          raisedAt: Date.UTC(2026, 2, 10, 9),
          value: 9,
          clearedAt: null,
          acknowledgedAt: null,
          acknowledgedBy: '@admin',
          comment: '=cmd',
        },
      ],
    } as unknown as ReportContent;
    const csv = reportCsv(content, { start: 0, end: 1 }, 'UTC', 'en');
    const lines = csv.trim().split('\n');
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(lines[1]).toContain(',-80.50,');
    expect(lines[2]).toContain(",'-1+1,");
    expect(lines[2]).toMatch(/,'@admin,'=cmd$/);
  });

  it('has one CSV writer: nothing else in the server writes CSV', async () => {
    const root = join(import.meta.dirname, '../../src');
    const offenders: string[] = [];
    const walk = async (dir: string): Promise<void> => {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) await walk(path);
        else if (path.endsWith('.ts') && !path.endsWith(join('lib', 'csv.ts'))) {
          if ((await readFile(path, 'utf8')).includes('csv-stringify')) offenders.push(path);
        }
      }
    };
    await walk(root);
    expect(offenders).toEqual([]);
  });
});
