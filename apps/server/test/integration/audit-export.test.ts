import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/db/schema/index.js';
import { runAuditExport } from '../../src/modules/audit/export/audit-export.js';
import { createAccountWithOwner, demo } from '../helpers/fixtures.js';
import { readPdf } from '../helpers/pdf-document.js';
import { createDemoApp, login, type TestApp } from '../helpers/test-app.js';

let test: TestApp;
let owner: Record<string, string>;
let admin: Record<string, string>;
let viewer: Record<string, string>;
const db = () => test.runtime.ctx.db;

beforeAll(async () => {
  test = await createDemoApp();
  await createAccountWithOwner(db(), 'Other Audit Lab', 'owner@other-audit.example');
  await login(test.app, 'owner@other-audit.example');
  owner = (await login(test.app, demo.owner)).headers;
  admin = (await login(test.app, demo.admin)).headers;
  viewer = (await login(test.app, demo.viewer)).headers;
  for (const temperatureUnit of ['F', 'C', 'F', 'C', 'F']) {
    await test.app.inject({
      method: 'PUT',
      url: '/api/account/updateAccountSettings',
      headers: owner,
      payload: { temperatureUnit },
    });
  }
});
afterAll(async () => {
  await test.close();
});

const startTask = (headers: Record<string, string>, body: object) =>
  test.app.inject({
    method: 'POST',
    url: '/api/tasks',
    headers,
    payload: { type: 'log_data', timezone: 'Europe/Vaduz', ...body },
  });
const getTask = (taskId: string, headers = owner) =>
  test.app.inject({ method: 'GET', url: `/api/tasks/${taskId}`, headers });

async function pdfOf(taskId: string, headers = owner) {
  const task = (await getTask(taskId, headers)).json().data;
  expect(task).toMatchObject({ status: 'completed', progress: 100, error: null });
  const file = await test.app.inject({ method: 'GET', url: task.resultUrl as string });
  expect(file.statusCode).toBe(200);
  expect(file.headers['content-type']).toBe('application/pdf');
  expect(file.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return {
    text: (await readPdf(file.rawPayload)).text,
    disposition: String(file.headers['content-disposition']),
  };
}

describe('the audit trail as PDF (task log_data)', () => {
  it('builds the account’s filtered trail with progress, its filter, exporter and verification', async () => {
    const created = await startTask(owner, {
      event: 'account',
      action: 'update',
      startDate: '2020-01-01T00:00:00Z',
      endDate: '2100-01-01T00:00:00Z',
    });
    expect(created.statusCode).toBe(201);
    const { taskId } = created.json().data;
    expect(created.json().data).toMatchObject({ status: 'queued', progress: 0, resultUrl: null });
    const seen: { status: string; progress: number }[] = [];
    await runAuditExport(
      {
        db: db(),
        dataDir: test.dataDir,
        pageSize: 2,
        onProgress: async () => {
          const { status, progress } = (await getTask(taskId)).json().data;
          seen.push({ status, progress });
        },
      },
      taskId,
    );
    expect(seen).toEqual([
      { status: 'running', progress: 40 },
      { status: 'running', progress: 80 },
      { status: 'running', progress: 99 },
    ]);
    // The queued job finds it built and leaves it alone.
    await test.runtime.worker?.drain();
    const { text, disposition } = await pdfOf(taskId);
    expect(disposition).toContain('filename="audit-trail-2020-01-01-2100-01-01.pdf"');
    expect(text).toContain('Audit trail export');
    expect(text).toContain('Account: Demo Laboratory');
    expect(text).toContain('Filter: event account; action update; search none');
    expect(text).toContain('Range: 2020-01-01 01:00:00 to 2100-01-01 01:00:00');
    expect(text).toContain('Time zone: Europe/Vaduz');
    expect(text).toMatch(
      new RegExp(`Exported by: .*${demo.owner.replace(/\./g, '\\.')}.* at \\d{4}-`),
    );
    expect(text).toContain('Entries: 5, newest first');
    expect(text).toMatch(/Hash chain verification: intact: \d+ entries in 1 chain\(s\)/);
    expect(text.match(/Temperature unit changed from/g)).toHaveLength(5);
    expect(text).not.toContain('signed in');
    // The request itself is in the trail.
    const logs = await test.app.inject({
      method: 'GET',
      url: '/api/audit/logs?event=export&action=auditPdf',
      headers: owner,
    });
    expect(logs.json().data.list[0].message).toContain(
      'Requested the audit trail as PDF: account Demo Laboratory, event account, action update',
    );
  });

  it('states a broken chain when an entry was altered', async () => {
    const [entry] = await db()
      .select({ id: auditLog.id, chain: auditLog.chain })
      .from(auditLog)
      .where(eq(auditLog.userEmail, 'owner@other-audit.example'))
      .limit(1);
    await db()
      .update(auditLog)
      .set({ information: sql`${auditLog.information} || ' (edited)'` })
      .where(eq(auditLog.id, entry?.id ?? 0));
    const { headers } = await login(test.app, demo.admin);
    const taskId = (await startTask(headers, {})).json().data.taskId as string;
    await test.runtime.worker?.drain();
    const { text } = await pdfOf(taskId, headers);
    expect(text).toContain('Account: all accounts');
    expect(text).toContain(`Hash chain verification: BROKEN: chain ${entry?.chain ?? ''}`);
    expect(text).toContain('entry was altered (hash mismatch)');
    expect(text).toContain('Other Audit Lab');
  });

  it('keeps an owner to their account and refuses sub-users and inverted ranges', async () => {
    const scoped = await startTask(owner, { account: (await otherAccountId()) ?? '' });
    const { text } = await (async () => {
      await test.runtime.worker?.drain();
      return pdfOf(scoped.json().data.taskId as string);
    })();
    expect(text).toContain('Account: Demo Laboratory');
    expect(text).not.toContain('Other Audit Lab');
    const refused = await startTask(viewer, {});
    expect(refused.statusCode).toBe(403);
    const inverted = await startTask(owner, {
      startDate: '2025-02-01T00:00:00Z',
      endDate: '2025-01-01T00:00:00Z',
    });
    expect(inverted.statusCode).toBe(400);
    expect(inverted.json().errors[0].message).toBe(
      'start date should not be greater than end date',
    );
    // Another person's task is not theirs to poll.
    expect((await getTask(scoped.json().data.taskId as string, admin)).statusCode).toBe(404);
  });
});

describe('the audit trail PDF in the language of the person who asks (issue 19)', () => {
  const setLanguage = async (headers: Record<string, string>, language: string) => {
    const response = await test.app.inject({
      method: 'PUT',
      url: '/api/user/language',
      headers,
      payload: { language },
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  async function pdfIn(language: string, headers: Record<string, string>, body: object) {
    await setLanguage(headers, language);
    let taskId: string;
    try {
      taskId = (await startTask(headers, body)).json().data.taskId as string;
    } finally {
      await setLanguage(headers, 'en');
    }
    await test.runtime.worker?.drain();
    return (await pdfOf(taskId, headers)).text;
  }

  it('writes Polish titles, columns and the web’s names of events, actions and results', async () => {
    const text = await pdfIn('pl', owner, {
      event: 'account',
      action: 'update',
      startDate: '2020-01-01T00:00:00Z',
      endDate: '2100-01-01T00:00:00Z',
    });
    for (const words of [
      'Eksport dziennika audytu',
      'Konto: Demo Laboratory',
      'Filtr: zdarzenie Konto; akcja Zmiana; szukane brak',
      // Times as the web's audit trail writes them, in every language.
      'Zakres: 2020-01-01 01:00:00 do 2100-01-01 01:00:00',
      'Strefa czasowa: Europe/Vaduz (wszystkie czasy w tym dokumencie)',
      'Wyeksportował(a): ',
      'Wpisy: 5, od najnowszego',
      'Weryfikacja łańcucha skrótów: nienaruszony',
      'Użytkownik',
      'Komunikat',
      'Sukces',
    ])
      expect(text).toContain(words);
    expect(text.match(/Konto\s*Zmiana|Zmiana\s*Konto/g)?.length).toBeGreaterThanOrEqual(5);
    for (const english of ['Audit trail export', 'Filter:', 'Entries:', 'success'])
      expect(text).not.toContain(english);
  });

  it('writes German for a German administrator, a broken chain included', async () => {
    const text = await pdfIn('de', admin, {});
    for (const words of [
      'Audit-Trail-Export',
      'Konto: alle Konten',
      'Filter: Ereignis beliebig; Aktion beliebig; Suche keine',
      'Zeitraum: erster Eintrag bis jetzt',
      'Zeitzone: Europe/Vaduz (alle Zeiten in diesem Dokument)',
      'Exportiert von: ',
      'Prüfung der Hash-Kette: UNTERBROCHEN: Kette ',
      'Ereignis',
      'Meldung',
      'Anmeldung',
      'Erfolg',
    ])
      expect(text).toContain(words);
    expect(text).not.toContain('Audit trail export');
  });
});

async function otherAccountId() {
  const list = (
    await test.app.inject({ method: 'GET', url: '/api/account/list', headers: admin })
  ).json().data as { id: string; companyName: string }[];
  return list.find((account) => account.companyName === 'Other Audit Lab')?.id;
}
