import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { gateways } from '../../../src/db/schema/index.js';
import { all, statuses as s, type MatrixModule } from './types.js';

/**
 * Firmware and OTA: the platform administrator's. The matrix app has no firmware uploaded and
 * runs no broker, so an allowed update answers 404 (nothing to install) and an allowed LoRa
 * frequency 503 (no broker reachable); every other caller is refused before that (403, or 404 for another
 * account's owner addressing the demo account's gateway).
 */
export const firmwareMatrix: MatrixModule = {
  async setup(c) {
    await c.db
      .update(gateways)
      .set({ loraFreq: '868.1' })
      .where(eq(gateways.id, c.ids.inventoryGatewayId ?? ''));
  },
  calls: [
    {
      method: 'POST',
      route: '/api/firmware',
      url: () => '/api/firmware',
      body: () => ({}),
      expected: s(401, 400, 403, 403, 403),
    },
    {
      method: 'GET',
      route: '/api/firmware',
      url: () => '/api/firmware',
      expected: s(401, 200, 403, 403, 403),
    },
    {
      method: 'GET',
      route: '/api/gateway/public/gateway',
      url: (c) =>
        `/api/gateway/public/gateway?id=${c.ids.inventoryGatewayId ?? ''}&command=main_ota`,
      expected: s(401, 404, 403, 403, 403),
    },
    {
      method: 'POST',
      route: '/api/device/:id/firmware',
      url: (c) => `/api/device/${c.ids.inventoryDeviceId ?? ''}/firmware`,
      body: () => ({}),
      expected: s(401, 404, 403, 403, 403),
    },
    {
      method: 'POST',
      route: '/api/gateway/:id/loraFrequency',
      url: (c) => `/api/gateway/${c.ids.inventoryGatewayId ?? ''}/loraFrequency`,
      expected: s(401, 503, 503, 403, 404),
    },
    {
      method: 'GET',
      route: '/api/firmware/download/:updateId',
      url: () => `/api/firmware/download/${randomUUID()}?token=forged`,
      expected: all(403),
    },
  ],
};
