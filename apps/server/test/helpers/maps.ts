import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { form } from './firmware.js';

/** A PNG header (signature and IHDR) of the given size: what image readers look at. */
export function png(width: number, height: number, padding = 0): Buffer {
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write('IHDR', 4, 'latin1');
  ihdr.writeUInt32BE(width, 8);
  ihdr.writeUInt32BE(height, 12);
  ihdr.set([8, 6, 0, 0, 0], 16);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    ihdr,
    Buffer.alloc(padding),
  ]);
}

export const placedDevice = (id: string, locationId: string | null, x = 10) => ({
  id,
  locationId,
  x,
  y: 20,
  imageX: 1,
  imageY: 2,
  scale: 1,
});

export const placedLocation = (id: string, title = '') => ({
  id,
  title,
  x: 1,
  y: 2,
  imageWidth: 100,
  imageHeight: 50,
  imageX: 3,
  imageY: 4,
  scale: 1,
});

/** Uploads a PNG plan through the API; the new map's id and image link. */
export async function uploadMap(
  app: FastifyInstance,
  headers: Record<string, string>,
  title: string,
  bytes = png(640, 480),
  filename = 'plan.png',
): Promise<{ id: string; location: string }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/map/upload',
    headers,
    payload: form([
      { name: 'title', value: title },
      { name: 'file', filename, bytes },
    ]),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.map;
}
