import { maps } from '../../../src/db/schema/index.js';
import { all, statuses as s, type MatrixContext, type MatrixModule } from './types.js';

async function insertMap(c: MatrixContext, title: string): Promise<string> {
  const [row] = await c.db
    .insert(maps)
    .values({
      accountId: c.ids.demoAccountId ?? '',
      title,
      imagePath: `maps/${c.ids.demoAccountId ?? ''}/missing.png`,
      imageMime: 'image/png',
      imageWidth: 100,
      imageHeight: 50,
    })
    .returning({ id: maps.id });
  return row?.id ?? '';
}

/**
 * Floor-plan maps: everyone of an account reads them, only the owner changes them; another
 * account's owner gets their own (empty) list and 404 for the demo account's maps. The matrix
 * sends no multipart body, so an allowed upload answers 400 (no file).
 */
export const mapsMatrix: MatrixModule = {
  async setup(c) {
    c.ids.mapId = await insertMap(c, 'Matrix map');
    c.ids.doomedMapId = await insertMap(c, 'Matrix map to delete');
  },
  calls: [
    {
      method: 'GET',
      route: '/api/map',
      url: () => '/api/map',
      expected: s(401, 403, 200, 200, 200),
    },
    {
      method: 'POST',
      route: '/api/map/upload',
      url: () => '/api/map/upload',
      body: () => ({}),
      expected: s(401, 403, 400, 403, 400),
    },
    {
      method: 'POST',
      route: '/api/map',
      url: () => '/api/map',
      body: (c) => ({ id: c.ids.mapId, radius: 3 }),
      expected: s(401, 403, 200, 403, 404),
    },
    {
      method: 'DELETE',
      route: '/api/map/:id',
      url: (c) => `/api/map/${c.ids.doomedMapId ?? ''}`,
      expected: s(401, 403, 200, 403, 404),
    },
    {
      method: 'GET',
      route: '/api/map/:id/image',
      url: (c) => `/api/map/${c.ids.mapId ?? ''}/image?token=forged`,
      expected: all(403),
    },
  ],
};
