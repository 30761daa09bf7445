import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo } from '../helpers/fixtures.js';
import { image } from '../helpers/firmware.js';
import { png } from '../helpers/maps.js';
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

const boundary = '----vigil-test-boundary';

/** A multipart body by hand, so that it can be cut anywhere. */
function multipart(parts: { name: string; filename?: string; bytes: Buffer }[]): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.filename ? 'Content-Type: application/octet-stream\r\n' : ''}\r\n`,
      ),
      part.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

const uploads = [
  {
    url: '/api/map/upload',
    headers: () => owner,
    parts: () => [
      { name: 'title', bytes: Buffer.from('Ground floor') },
      { name: 'file', filename: 'plan.png', bytes: png(640, 480, 2048) },
    ],
  },
  {
    url: '/api/firmware',
    headers: () => admin,
    parts: () => [
      { name: 'target', bytes: Buffer.from('gateway') },
      { name: 'loraFw', filename: 'lora-1.2.bin', bytes: image(4096) },
    ],
  },
];

describe('uploads with a bad multipart body', () => {
  it.each(uploads.map((upload) => [upload.url, upload] as const))(
    '%s answers 400 to a body cut short, wherever it is cut',
    async (_url, upload) => {
      const whole = multipart(upload.parts());
      for (const cut of [10, 60, 120, whole.length - 300, whole.length - 10]) {
        const response = await test.app.inject({
          method: 'POST',
          url: upload.url,
          headers: {
            ...upload.headers(),
            'content-type': `multipart/form-data; boundary=${boundary}`,
          },
          payload: whole.subarray(0, cut),
        });
        expect({ cut, status: response.statusCode }).toEqual({ cut, status: 400 });
        expect(response.json().errors[0].message).toEqual(expect.any(String));
      }
    },
  );

  it.each(uploads.map((upload) => [upload.url, upload] as const))(
    '%s answers 400 to a body that is not multipart at all, or has no boundary',
    async (_url, upload) => {
      for (const [contentType, payload] of [
        [`multipart/form-data; boundary=${boundary}`, Buffer.from('garbage without parts')],
        ['multipart/form-data', multipart(upload.parts())],
        [
          `multipart/form-data; boundary=${boundary}`,
          Buffer.from(`--${boundary}\r\nbroken\r\n\r\n`),
        ],
      ] as const) {
        const response = await test.app.inject({
          method: 'POST',
          url: upload.url,
          headers: { ...upload.headers(), 'content-type': contentType },
          payload,
        });
        expect({ contentType, status: response.statusCode }).toEqual({ contentType, status: 400 });
      }
    },
  );

  it('refuses NUL in the text fields and file names of uploads, naming the field', async () => {
    const map = await test.app.inject({
      method: 'POST',
      url: '/api/map/upload',
      headers: { ...owner, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: multipart([
        { name: 'title', bytes: Buffer.from('Ground\u0000floor') },
        { name: 'file', filename: 'plan.png', bytes: png(640, 480) },
      ]),
    });
    expect(map.statusCode).toBe(400);
    expect(map.json().errors[0]).toMatchObject({ code: 'textHasNul', field: 'title' });
    const firmware = await test.app.inject({
      method: 'POST',
      url: '/api/firmware',
      headers: { ...admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: multipart([
        { name: 'target', bytes: Buffer.from('gateway') },
        { name: 'loraFwVersion', bytes: Buffer.from('1.2\u0000') },
        { name: 'loraFw', filename: 'lora.bin', bytes: image(4096) },
      ]),
    });
    expect(firmware.statusCode).toBe(400);
    expect(firmware.json().errors[0]).toMatchObject({ code: 'textHasNul', field: 'loraFwVersion' });
    const named = await test.app.inject({
      method: 'POST',
      url: '/api/firmware',
      headers: { ...admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: multipart([
        { name: 'target', bytes: Buffer.from('gateway') },
        { name: 'loraFw', filename: 'lora\u0000.bin', bytes: image(4096) },
      ]),
    });
    expect(named.statusCode).toBe(400);
    expect(named.json().errors[0]).toMatchObject({ code: 'textHasNul', field: 'loraFw' });
  });
});
