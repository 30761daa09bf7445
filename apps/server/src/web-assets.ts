import { existsSync } from 'node:fs';
import { basename, join, sep } from 'node:path';
import fastifyStatic, { type SetHeadersResponse } from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Vite names every built file under `assets/` by its content hash: one never changes under its
 * name, so browsers may keep it for a year without asking again.
 */
const immutable = 'public, max-age=31536000, immutable';
/** index.html (and favicon.svg) name the current hashed files: revalidated on every load. */
const revalidate = 'no-cache';

const isHashedAsset = (path: string) => path.includes(`${sep}assets${sep}`);

/** Cache-Control by file, and Vary, since the same URL answers brotli, gzip or plain. */
function setHeaders(response: SetHeadersResponse, path: string): void {
  response.setHeader('Cache-Control', isHashedAsset(path) ? immutable : revalidate);
  response.setHeader('Vary', 'Accept-Encoding');
}

/**
 * The built SPA at /: precompressed brotli or gzip files (written beside each file at build)
 * when the browser accepts them, hashed assets cached for good, and index.html for every
 * client-side route, revalidated each time. /api stays JSON.
 */
export async function serveWebApp(
  app: FastifyInstance,
  webDir: string | undefined,
  notFound: (reply: FastifyReply) => unknown,
): Promise<void> {
  const indexExists = webDir !== undefined && existsSync(join(webDir, 'index.html'));
  if (indexExists) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      etag: true,
      lastModified: true,
      setHeaders,
      // The .br and .gz files are sent in place of their originals, never under their own names.
      allowedPath: (pathname) => !/\.(br|gz)$/.test(basename(pathname)),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isPage =
      request.method === 'GET' && !request.url.startsWith('/api') && request.url !== '/metrics';
    if (indexExists && isPage) return reply.type('text/html').sendFile('index.html');
    return notFound(reply);
  });
}
