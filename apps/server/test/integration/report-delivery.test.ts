import { stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportRuns, users } from '../../src/db/schema/index.js';
import { enqueueDueReports, mailRun, reportJobHandlers } from '../../src/modules/reports/run.js';
import { reportRunJob } from '../../src/modules/reports/schedule.js';
import { createMailer } from '../../src/notify/email.js';
import { demo } from '../helpers/fixtures.js';
import { send } from '../helpers/inventory.js';
import { readPdf } from '../helpers/pdf-document.js';
import {
  attachment,
  seededDay,
  startReportFixture,
  type ReportFixture,
} from '../helpers/report-fixture.js';
import { mailText } from '../helpers/smtp-peer.js';
import type { TestApp } from '../helpers/test-app.js';

/**
 * Delivery of report runs: in each recipient's language, as a signed link above the size
 * limit, a failed run after its last attempt, and the files gone with their report.
 */
let fx: ReportFixture;
let test: TestApp;
let smtp: ReportFixture['smtp'];
let owner: ReportFixture['owner'];
const { start, end } = seededDay;

beforeAll(async () => {
  fx = await startReportFixture();
  ({ test, smtp, owner } = fx);
});
afterAll(() => fx.close());

const addReport = (extra: object) => fx.addReport(extra);
const runsOf = (id: string) => fx.runsOf(id);

describe('report delivery', () => {
  it("builds the file in each recipient's language and mails it to them in it", async () => {
    const { db } = test.runtime.ctx;
    const before = smtp.received.length;
    await db.update(users).set({ language: 'pl' }).where(eq(users.email, demo.viewer));
    try {
      // Notify admin on: the owner (English) receives it too.
      const id = await addReport({ name: 'Językowy', format: 1, adminEnable: true });
      await enqueueDueReports(db, new Date(end));
      await test.runtime.worker?.drain();
      await smtp.waitFor(before + 2);
      const mails = smtp.received.slice(before);
      const toViewer = mails.find((mail) => mail.to.includes(demo.viewer));
      const toOwner = mails.find((mail) => mail.to.includes(demo.owner));
      if (!toViewer || !toOwner) throw new Error('a recipient got no mail');
      expect(mailText(toViewer)).toContain('Dzień dobry');
      expect(mailText(toOwner)).toContain('Hello');
      const polish = (await readPdf(attachment(toViewer).body)).text;
      for (const words of [
        'Strefa czasowa: Europe/Vaduz',
        'Okres: 2026-03-10 00:00:00 do 2026-03-11 00:00:00',
        'Temperatura (°C) 138 5,00 9,00 5,17 5,22 2,00..8,00 60,0 1 (70 min)',
        'Wilgotność (%RH)',
        'Wykresy',
        'Zdarzenia alarmowe',
        'Brak zdarzeń alarmowych w okresie.',
      ])
        expect(polish).toContain(words);
      const english = (await readPdf(attachment(toOwner).body)).text;
      expect(english).toContain('Time zone: Europe/Vaduz');
      expect(english).toContain('5.17');
      // The kept file is in its creator's (the owner's) language, the Polish one beside it.
      const [run] = await runsOf(id);
      expect(run?.filePath).toMatch(/\.en\.pdf$/);
      await stat(join(test.dataDir, (run?.filePath ?? '').replace('.en.pdf', '.pl.pdf')));
    } finally {
      await db.update(users).set({ language: 'en' }).where(eq(users.email, demo.viewer));
    }
  });

  it('mails a signed link instead of the file above the attachment limit', async () => {
    const id = await addReport({ name: 'Large', format: 0 });
    const { db, links } = test.runtime.ctx;
    await enqueueDueReports(db, new Date(end));
    await test.runtime.worker?.drain();
    const [run] = await runsOf(id);
    const before = smtp.received.length;
    await mailRun(
      {
        db,
        dataDir: test.dataDir,
        mailer: createMailer({ smtpUrl: smtp.url, from: 'vigil@test', outboxDir: test.dataDir }),
        links,
        publicUrl: () => 'http://vigil.test/',
        attachmentMaxBytes: 100,
      },
      { runId: run?.id ?? '', email: demo.viewer, name: 'Viewer', language: 'en' },
    );
    await smtp.waitFor(before + 1);
    const mail = smtp.received.at(-1);
    if (!mail) throw new Error('no mail');
    const text = mailText(mail);
    expect(text).not.toMatch(/Content-Disposition: attachment/i);
    expect(text).toContain('it is too large to attach');
    const url = /http:\/\/vigil\.test(\/api\/reports\/files\/[^\s"<]+)/.exec(text)?.[1];
    if (!url) throw new Error('no link in the mail');
    const file = await test.app.inject({ method: 'GET', url: url.replace(/&amp;/g, '&') });
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain('Fridge R1,Temperature,°C,138');
  });

  it('marks a run failed after its last attempt, with why, and not before', async () => {
    const id = await addReport({ name: 'Failing', format: 0 });
    const { db, links } = test.runtime.ctx;
    const [run] = await db
      .insert(reportRuns)
      .values({
        reportId: id,
        periodStart: new Date(start),
        periodEnd: new Date(end),
        manual: true,
      })
      .returning();
    // The data directory is a file: nothing can be written under it.
    const handlers = reportJobHandlers({
      db,
      dataDir: join(test.dataDir, 'not-a-dir.txt'),
      mailer: createMailer({ smtpUrl: smtp.url, from: 'vigil@test', outboxDir: test.dataDir }),
      links,
      publicUrl: () => 'http://vigil.test',
      attachmentMaxBytes: 1024,
    });
    await writeFile(join(test.dataDir, 'not-a-dir.txt'), 'x');
    const job = { id: 0, name: reportRunJob, payload: {}, maxAttempts: 3 };
    const handler = handlers[reportRunJob];
    if (!handler) throw new Error('no handler');
    await expect(handler({ runId: run?.id }, { ...job, attempts: 1 })).rejects.toThrow();
    expect((await runsOf(id))[0]).toMatchObject({ status: 'building', error: null });
    await expect(handler({ runId: run?.id }, { ...job, attempts: 3 })).rejects.toThrow();
    expect((await runsOf(id))[0]).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/ENOTDIR|EEXIST/),
    });
  });

  it("deletes a report's kept files with it", async () => {
    const id = await addReport({ name: 'Deleted', format: 1 });
    await enqueueDueReports(test.runtime.ctx.db, new Date(end));
    await test.runtime.worker?.drain();
    const [run] = await runsOf(id);
    const path = join(test.dataDir, run?.filePath ?? '');
    await stat(path);
    const deleted = await send(test.app, owner.headers, 'DELETE', `/api/reports/${id}`);
    expect(deleted.statusCode).toBe(200);
    await expect(stat(path)).rejects.toThrow(/ENOENT/);
    expect(await runsOf(id)).toEqual([]);
  });
});
