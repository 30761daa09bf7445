import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nulTextPath } from '@vigil/contracts';
import { demo } from '../helpers/fixtures.js';
import { createDemoApp, login, type TestApp } from '../helpers/test-app.js';

let test: TestApp;
let owner: Record<string, string>;
let admin: Record<string, string>;
beforeAll(async () => {
  test = await createDemoApp();
  owner = (await login(test.app, demo.owner)).headers;
  admin = (await login(test.app, demo.admin)).headers;
});
afterAll(async () => {
  await test.close();
});

const nul = 'Cold\u0000Room';
const id = randomUUID();

/** The twelve write routes the outside test found answering 500, each with the text it sent. */
const routes: [string, string, Record<string, unknown>, string][] = [
  ['POST', '/api/location', { name: nul }, 'name'],
  ['POST', '/api/device', { deviceName: nul, deviceId: 'aa:bb:cc:dd:ee:01' }, 'deviceName'],
  ['POST', '/api/gateway', { gatewayName: nul, gatewayId: 'gw-nul-01' }, 'gatewayName'],
  ['PUT', `/api/gateway/${id}`, { gatewayName: 'Gateway', loraFreq: `868${nul}` }, 'loraFreq'],
  ['POST', '/api/alarms/setAlarm', { name: nul, deviceId: id }, 'name'],
  ['PUT', `/api/alarms/${id}`, { name: nul }, 'name'],
  ['POST', '/api/reports', { name: nul }, 'name'],
  ['POST', '/api/user/add', { name: nul, email: 'a@b.example' }, 'name'],
  ['POST', '/api/message-templates/', { title: nul, template: 'x' }, 'title'],
  ['POST', '/api/alarms/favouriteComments', { comment: nul }, 'comment'],
  ['PUT', `/api/device-alarm/add-comment/${id}`, { comment: nul }, 'comment'],
  ['POST', '/api/alarms/setAlarmProfile', { profileName: nul, devices: [id] }, 'profileName'],
];

describe('NUL in request text', () => {
  it.each(routes)('%s %s answers 400 naming the field', async (method, url, body, field) => {
    const response = await test.app.inject({
      method: method as 'POST' | 'PUT',
      url,
      headers: url.startsWith('/api/message-templates') ? admin : owner,
      payload: body,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: [
        {
          message: 'this text contains a character that is not allowed (NUL)',
          code: 'textHasNul',
          field,
        },
      ],
    });
  });

  it('refuses NUL in queries, nested fields and object keys too', async () => {
    const query = await test.app.inject({
      method: 'GET',
      url: '/api/user/notifications?text=a%00b',
      headers: owner,
    });
    expect(query.statusCode).toBe(400);
    expect(query.json().errors[0]).toMatchObject({ code: 'textHasNul', field: 'text' });
    expect(nulTextPath({ a: [{ b: 'ok' }, { c: 'x\u0000' }] })).toEqual(['a', 1, 'c']);
    expect(nulTextPath({ ['k\u0000']: 1 })).toEqual(['k\u0000']);
    expect(nulTextPath({ a: 'fine', b: [1, null, true] })).toBeUndefined();
    // Deep nesting does not overflow the walk.
    let deep: unknown = 'x\u0000';
    for (let level = 0; level < 100_000; level++) deep = [deep];
    expect(nulTextPath(deep)?.length).toBe(100_000);
  });
});
