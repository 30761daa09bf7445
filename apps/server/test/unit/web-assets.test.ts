import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveWebApp } from '../../src/web-assets.js';

const script = 'export const answer = 42;\n'.repeat(50);
const page = '<!doctype html><title>Vigil</title><script src="/assets/index-AbC123.js"></script>';

let webDir: string;
let app: FastifyInstance;

/** A built web app as Vite and its compression plugin leave it: each file with .br and .gz. */
async function writeBuilt(path: string, text: string) {
  await writeFile(join(webDir, path), text);
  await writeFile(join(webDir, `${path}.br`), brotliCompressSync(text));
  await writeFile(join(webDir, `${path}.gz`), gzipSync(text));
}

beforeAll(async () => {
  webDir = await mkdtemp(join(tmpdir(), 'vigil-web-'));
  await mkdir(join(webDir, 'assets'));
  await writeBuilt('index.html', page);
  await writeBuilt('assets/index-AbC123.js', script);
  await writeFile(join(webDir, 'assets/logo-XyZ789.png'), Buffer.from([137, 80, 78, 71]));
  app = Fastify();
  await serveWebApp(app, webDir, (reply) => reply.code(404).send({ errors: [] }));
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await rm(webDir, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  app.inject({
    method: 'GET',
    url,
    headers: encoding ? { 'accept-encoding': encoding } : {},
  });

describe('the built web app', () => {
  it('sends a hashed asset precompressed, brotli first, cached for good', async () => {
    const brotli = await get('/assets/index-AbC123.js', 'gzip, deflate, br');
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(script);

    const gzip = await get('/assets/index-AbC123.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/index-AbC123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('sends a file that has no compressed twin as it is', async () => {
    const image = await get('/assets/logo-XyZ789.png', 'br');
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.headers['cache-control']).toContain('immutable');
  });

  it('revalidates index.html, at / and under every client-side route', async () => {
    for (const url of ['/index.html', '/', '/dashboard', '/devices?page=2']) {
      const response = await get(url, 'br');
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers['content-type'], url).toMatch(/text\/html/);
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toBe(page);
    }
  });

  it('never serves the .br or .gz files under their own names, and keeps /api JSON', async () => {
    expect((await get('/assets/index-AbC123.js.br')).headers['content-type']).toMatch(/html/);
    const api = await get('/api/nothing');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ errors: [] });
  });
});
