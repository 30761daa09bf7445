import { asc } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { jobs } from '../../src/db/schema/index.js';
import { enqueue } from '../../src/jobs/queue.js';
import { createWorker, defineJobHandlers } from '../../src/jobs/worker.js';
import { freshDatabase } from '../helpers/test-app.js';

let database: Database;

beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('the worker and the job map', () => {
  it('fails a job whose stored payload does not fit at once, with why, and runs the next', async () => {
    const { db } = database;
    const deviceId = 'a8f5f167-f44f-4964-a6c6-3d8c5e2b1f00';
    const purged: string[] = [];
    const handlers = defineJobHandlers({
      'device.purgeReadings': (payload) => {
        purged.push(payload.deviceId);
        return Promise.resolve();
      },
    });
    // A row written by something other than `enqueue` (an older release, a hand edit).
    await db.insert(jobs).values({
      name: 'device.purgeReadings',
      payload: { deviceId: 42 },
      maxAttempts: 20,
    });
    await enqueue(db, 'device.purgeReadings', { deviceId }, { maxAttempts: 20 });
    const worker = createWorker({ db, handlers, log: pino({ level: 'silent' }) });
    expect(await worker.drain()).toBe(2);
    expect(purged).toEqual([deviceId]);
    const rows = await db.select().from(jobs).orderBy(asc(jobs.id));
    expect(rows.map((row) => [row.status, row.attempts])).toEqual([
      ['failed', 1],
      ['done', 1],
    ]);
    expect(rows[0]?.lastError).toMatch(
      /^job device\.purgeReadings: payload does not fit its schema: .*deviceId/s,
    );
    expect(rows[1]?.lastError).toBeNull();
  });
});
