import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client.js';
import { createAccountWithOwner } from '../helpers/fixtures.js';
import * as lab from '../helpers/notify-lab.js';
import { mailText, startSmtpPeer } from '../helpers/smtp-peer.js';
import { createTestApp, login, type TestApp } from '../helpers/test-app.js';

let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let test: TestApp;
let db: Db;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  test = await createTestApp({ SMTP_URL: smtp.url });
  db = test.runtime.ctx.db;
});
afterAll(async () => {
  await test.close();
  await smtp.close();
});

const createLab = (options: Parameters<typeof lab.createLab>[1]) => lab.createLab(db, options);
const raise = (fixture: lab.Lab) => lab.raise(db, fixture);

describe('message templates', () => {
  it('sends a user the template chosen for the type and method; in use it cannot be deleted', async () => {
    const fixture = await createLab({});
    const owner = await login(test.app, fixture.owner.email);
    const created = await test.app.inject({
      method: 'POST',
      url: '/api/message-templates/',
      headers: owner.headers,
      payload: { title: ' Short ', template: 'HOT {{deviceName}} at {{incomingValue}} {{nope}}' },
    });
    expect(created.statusCode).toBe(201);
    const template = created.json().data;
    expect(template).toMatchObject({
      title: 'Short',
      accountId: fixture.account.id,
      isDefault: false,
    });
    const blank = await test.app.inject({
      method: 'POST',
      url: '/api/message-templates/',
      headers: owner.headers,
      payload: { title: '  ', template: 'x' },
    });
    expect(blank.json().errors[0]).toMatchObject({ message: 'please enter a title' });

    const related = await test.app.inject({
      method: 'POST',
      url: '/api/message-templates-rel/',
      headers: owner.headers,
      payload: {
        userId: fixture.owner.id,
        templateId: template.id,
        type: 'TEMPERATURE',
        method: 'EMAIL',
      },
    });
    expect(related.statusCode).toBe(200);
    const list = await test.app.inject({
      method: 'GET',
      url: `/api/message-templates-rel/?userId=${fixture.owner.id}`,
      headers: owner.headers,
    });
    expect(list.json().data).toMatchObject([{ templateTitle: 'Short', type: 'TEMPERATURE' }]);

    await raise(fixture);
    await test.runtime.worker?.drain();
    expect(mailText(smtp.received[0]!)).toContain('HOT Vaccine fridge at 9.4 °C {{nope}}');

    const refused = await test.app.inject({
      method: 'DELETE',
      url: `/api/message-templates/${String(template.id)}`,
      headers: owner.headers,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0].message).toBe('Cant delete template!');

    const templates = await test.app.inject({
      method: 'GET',
      url: '/api/message-templates/?pageSize=100',
      headers: owner.headers,
    });
    const titles = templates.json().data.list.map((t: { title: string }) => t.title);
    expect(titles).toEqual(
      expect.arrayContaining(['Default email (en)', 'Domyślny SMS (pl)', 'Short']),
    );
    const defaultOne = templates
      .json()
      .data.list.find((t: { title: string }) => t.title === 'Default email (en)');
    const platformEdit = await test.app.inject({
      method: 'PUT',
      url: `/api/message-templates/${String(defaultOne.id)}`,
      headers: owner.headers,
      payload: { title: 'Mine now', template: 'x' },
    });
    expect(platformEdit.statusCode).toBe(403);
  });

  it('keeps other accounts’ logs and templates out of an owner’s view', async () => {
    const fixture = await createLab({});
    await raise(fixture);
    await test.runtime.worker?.drain();
    const other = await createAccountWithOwner(
      db,
      'Elsewhere',
      `else-${randomUUID().slice(0, 6)}@x.example`,
    );
    const headers = (await login(test.app, other.owner.email)).headers;
    const log = await test.app.inject({
      method: 'GET',
      url: `/api/user/notifications?accountId=${fixture.account.id}`,
      headers,
    });
    expect(log.json().data.list).toEqual([]);
    const relate = await test.app.inject({
      method: 'POST',
      url: '/api/message-templates-rel/',
      headers,
      payload: {
        userId: fixture.owner.id,
        templateId: randomUUID(),
        type: 'HUMIDITY',
        method: 'SMS',
      },
    });
    expect(relate.json().errors[0]).toMatchObject({ message: 'please select a user' });
  });
});
