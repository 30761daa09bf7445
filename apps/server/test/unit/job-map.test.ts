import { isJobName, jobPayloads, type JobData, type JobName } from '@vigil/contracts';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Executor } from '../../src/db/client.js';
import type { ClaimedJob } from '../../src/jobs/queue.js';
import type { enqueue } from '../../src/jobs/queue.js';
import { defineJobHandlers, JobPayloadError } from '../../src/jobs/worker.js';

const taskId = '3f1c2a4e-8b7d-4c6e-9a1f-0d2e3b4c5a6f';
const claimed = (name: string, payload: unknown): ClaimedJob => ({
  id: 1,
  name,
  payload,
  attempts: 1,
  maxAttempts: 3,
});

describe('the job map', () => {
  it('knows its names and no others', () => {
    expect(isJobName('export.raw')).toBe(true);
    expect(isJobName('notification.deliver')).toBe(true);
    expect(isJobName('export.rawx')).toBe(false);
    expect(isJobName('toString')).toBe(false);
  });

  it('gives a handler the payload after its schema, defaults filled in', async () => {
    const seen: JobData<'reports.mail'>[] = [];
    const handlers = defineJobHandlers({
      'reports.mail': (mail) => {
        seen.push(mail);
        return Promise.resolve();
      },
    });
    const payload = { runId: taskId, email: 'a@b.c', name: 'A' };
    await handlers['reports.mail']?.(payload, claimed('reports.mail', payload));
    expect(seen).toEqual([{ ...payload, language: 'en' }]);
    expect(Object.keys(handlers)).toEqual(['reports.mail']);
  });

  it('refuses a payload that does not fit, naming the job and the field, before the handler runs', async () => {
    let ran = false;
    const handlers = defineJobHandlers({
      'export.raw': () => {
        ran = true;
        return Promise.resolve();
      },
    });
    const handler = handlers['export.raw'];
    const bad = { taskId: 'not-a-uuid' };
    await expect(handler?.(bad, claimed('export.raw', bad))).rejects.toThrow(JobPayloadError);
    await expect(handler?.(bad, claimed('export.raw', bad))).rejects.toThrow(
      /^job export\.raw: payload does not fit its schema: .*taskId/s,
    );
    await expect(handler?.(null, claimed('export.raw', null))).rejects.toThrow(JobPayloadError);
    expect(ran).toBe(false);
  });

  it('types enqueue and the handlers by the map', () => {
    type Enqueue = typeof enqueue;
    expectTypeOf<Parameters<Enqueue>[1]>().toEqualTypeOf<JobName>();
    expectTypeOf<JobData<'export.raw'>>().toEqualTypeOf<{ taskId: string }>();
    // The input of reports.mail may leave the language out; its handler always gets one.
    expectTypeOf<JobData<'reports.mail'>['language']>().toEqualTypeOf<'en' | 'pl' | 'de'>();
    const typed = async (db: Executor, run: Enqueue) => {
      await run(db, 'export.raw', { taskId });
      // @ts-expect-error: not a job of the map.
      await run(db, 'export.rawx', { taskId });
      // @ts-expect-error: the payload of export.raw has a taskId.
      await run(db, 'export.raw', { task: taskId });
      const runHandler = (payload: { runId: string }) =>
        payload.runId ? Promise.resolve() : Promise.reject(new Error('no run'));
      defineJobHandlers({ 'reports.run': runHandler });
      // @ts-expect-error: a handler's payload is that of its job.
      defineJobHandlers({ 'export.raw': runHandler });
    };
    expect(typed).toBeTypeOf('function');
    expect(Object.keys(jobPayloads)).toContain('alarm.notify');
  });
});
