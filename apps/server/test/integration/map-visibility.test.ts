import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceUsers, devices, locations } from '../../src/db/schema/index.js';
import { demo, userIdOf } from '../helpers/fixtures.js';
import { accountOf, insertGateway } from '../helpers/ingest.js';
import { placedDevice, placedLocation, uploadMap } from '../helpers/maps.js';
import { createDemoApp, login, type TestApp } from '../helpers/test-app.js';

let test: TestApp;
beforeAll(async () => {
  test = await createDemoApp();
});
afterAll(async () => {
  await test.close();
});

describe('who sees a location on the map', () => {
  it('shows a viewer the same locations on the map as GET /api/location does', async () => {
    const db = test.runtime.ctx.db;
    const accountId = await accountOf(db, demo.owner);
    const owner = await login(test.app, demo.owner);
    const viewer = await login(test.app, demo.viewer);
    const gateway = await insertGateway(db, accountId, { deviceCount: 1 });
    const deviceRow = gateway.deviceRows.get(gateway.devices[0] ?? '') ?? '';
    const [cryo] = await db
      .insert(locations)
      .values({ accountId, name: 'Cryo Store' })
      .returning({ id: locations.id });
    await db.update(devices).set({ locationId: cryo!.id }).where(eq(devices.id, deviceRow));
    const map = await uploadMap(test.app, owner.headers, 'Basement');
    const saved = await test.app.inject({
      method: 'POST',
      url: '/api/map',
      headers: owner.headers,
      payload: {
        id: map.id,
        title: 'Basement',
        image_settings: { x: 0, y: 0 },
        location_settings: [placedLocation(cryo!.id)],
        device_settings: [placedDevice(deviceRow, cryo!.id)],
        radius: 3,
        scale: 1,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const seenBy = async ({ headers, userId }: typeof owner) => {
      const maps = await test.app.inject({ method: 'GET', url: '/api/map', headers });
      const listed = await test.app.inject({
        method: 'GET',
        url: `/api/location/${userId}?page=0`,
        headers,
      });
      const onMap = (maps.json().data as { id: string; locationSettings: { title: string }[] }[])
        .find((entry) => entry.id === map.id)
        ?.locationSettings.map((location) => location.title);
      const inList = (listed.json().data.list as { name: string }[])
        .map((location) => location.name)
        .filter((name) => name === 'Cryo Store');
      return { onMap, inList };
    };
    expect(await seenBy(owner)).toEqual({ onMap: ['Cryo Store'], inList: ['Cryo Store'] });
    // None of the viewer's devices is there: hidden in both.
    expect(await seenBy(viewer)).toEqual({ onMap: [], inList: [] });
    await db
      .insert(deviceUsers)
      .values({ deviceId: deviceRow, userId: await userIdOf(db, demo.viewer) });
    expect(await seenBy(viewer)).toEqual({ onMap: ['Cryo Store'], inList: ['Cryo Store'] });
  });
});
