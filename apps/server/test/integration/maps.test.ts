import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceUsers, devices, locations } from '../../src/db/schema/index.js';
import { form, type Part } from '../helpers/firmware.js';
import { createAccountWithOwner, demo, userIdOf } from '../helpers/fixtures.js';
import { accountOf, insertGateway } from '../helpers/ingest.js';
import { auditEntries } from '../helpers/inventory.js';
import { placedDevice, png, uploadMap as uploadMapVia } from '../helpers/maps.js';
import { createDemoApp, login, type TestApp } from '../helpers/test-app.js';

const maxBytes = 64 * 1024;
let test: TestApp;
let accountId: string;
let owner: Record<string, string>;
let viewer: Record<string, string>;
let other: Record<string, string>;
const db = () => test.runtime.ctx.db;

beforeAll(async () => {
  test = await createDemoApp({ MAP_MAX_BYTES: String(maxBytes) });
  accountId = await accountOf(db(), demo.owner);
  owner = (await login(test.app, demo.owner)).headers;
  viewer = (await login(test.app, demo.viewer)).headers;
  await createAccountWithOwner(db(), 'Maps Other Lab', 'owner@maps-other.example');
  other = (await login(test.app, 'owner@maps-other.example')).headers;
});
afterAll(async () => {
  await test.close();
});

const svg = (body: string, attributes = 'width="200" height="100"') =>
  Buffer.from(
    `<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" ${attributes}>${body}</svg>`,
  );

function upload(parts: Part[], headers = owner) {
  return test.app.inject({ method: 'POST', url: '/api/map/upload', headers, payload: form(parts) });
}

const uploadMap = (title: string, bytes?: Buffer, filename?: string) =>
  uploadMapVia(test.app, owner, title, bytes, filename);

const listMaps = async (headers = owner) => {
  const response = await test.app.inject({ method: 'GET', url: '/api/map', headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Record<string, unknown>[];
};

const save = (body: object, headers = owner) =>
  test.app.inject({ method: 'POST', url: '/api/map', headers, payload: body });

const image = (url: string) => test.app.inject({ method: 'GET', url });

describe('map upload', () => {
  it('stores a PNG with its dimensions, audited, and serves it by its signed link', async () => {
    const bytes = png(640, 480, 100);
    const response = await upload([
      { name: 'title', value: 'Ground floor' },
      { name: 'file', filename: 'ground.PNG', bytes },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const { map, message } = response.json().data;
    expect(message).toBe('Saved');
    expect(map).toMatchObject({
      title: 'Ground floor',
      imageMime: 'image/png',
      imageWidth: 640,
      imageHeight: 480,
      imageSettings: { x: 0, y: 0 },
      locationSettings: [],
      deviceSettings: [],
      radius: 5,
      scale: 1,
    });
    expect((await listMaps()).map((item) => item.id)).toContain(map.id);
    const served = await image(map.location);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(bytes)).toBe(true);
    const [entry] = await auditEntries(db(), 'map', 'create');
    expect(entry).toMatchObject({ userEmail: demo.owner });
    expect(entry?.information).toContain('Ground floor');
  });

  it.each([
    [
      'a text file',
      'notes.png',
      Buffer.from('just some text, not an image'),
      400,
      'only PNG, JPEG, WebP and SVG images are accepted',
    ],
    [
      'a PDF',
      'plan.pdf',
      Buffer.from('%PDF-1.7\n%\xE2\xE3\xCF\xD3\n'),
      400,
      'only PNG, JPEG, WebP and SVG images are accepted',
    ],
    [
      'a PNG renamed .svg',
      'plan.svg',
      png(10, 10),
      400,
      "the file's content does not match its name (.png, .jpg, .jpeg, .webp or .svg)",
    ],
    [
      'an SVG renamed .png',
      'plan.png',
      svg('<rect width="1" height="1"/>'),
      400,
      "the file's content does not match its name (.png, .jpg, .jpeg, .webp or .svg)",
    ],
    [
      'a PNG named .exe',
      'plan.exe',
      png(10, 10),
      400,
      'only PNG, JPEG, WebP and SVG images are accepted',
    ],
    ['an oversize PNG', 'big.png', png(10, 10, maxBytes), 413, 'the map image is too large'],
    [
      'an SVG without a size',
      'plan.svg',
      svg('<rect width="1" height="1"/>', ''),
      400,
      'the image size cannot be read from this file',
    ],
  ])('refuses %s with a clear error', async (_name, filename, bytes, status, message) => {
    const before = (await listMaps()).length;
    const response = await upload([
      { name: 'title', value: 'Refused' },
      { name: 'file', filename, bytes },
    ]);
    expect(response.statusCode).toBe(status);
    expect(response.json().errors[0]).toMatchObject({ message });
    expect(await listMaps()).toHaveLength(before);
  });

  it('requires a title and a file', async () => {
    const noTitle = await upload([{ name: 'file', filename: 'a.png', bytes: png(5, 5) }]);
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().errors[0]).toMatchObject({
      message: 'please enter a title for the map',
      field: 'title',
    });
    const blankTitle = await upload([
      { name: 'title', value: '   ' },
      { name: 'file', filename: 'a.png', bytes: png(5, 5) },
    ]);
    expect(blankTitle.json().errors[0].message).toBe('please enter a title for the map');
    const noFile = await upload([{ name: 'title', value: 'No file' }]);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().errors[0]).toMatchObject({
      message: 'please choose an image file for the map',
      field: 'file',
    });
    const notMultipart = await test.app.inject({
      method: 'POST',
      url: '/api/map/upload',
      headers: owner,
      payload: { title: 'json' },
    });
    expect(notMultipart.statusCode).toBe(400);
  });

  it('stores an SVG without scripts, handlers, foreignObject or external references', async () => {
    const hostile = svg(
      '<script>alert(1)</script><rect width="10" height="10" fill="red" onclick="steal()"/>' +
        '<foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>' +
        '<image href="http://evil.example/x.png" width="5" height="5"/>' +
        '<rect width="5" height="5" style="fill:url(http://evil.example/p)"/>',
      'width="200" height="100" onload="alert(2)"',
    );
    const map = await uploadMap('Hostile plan', hostile, 'plan.svg');
    const maps = await listMaps();
    expect(maps.find((item) => item.id === map.id)).toMatchObject({
      imageMime: 'image/svg+xml',
      imageWidth: 200,
      imageHeight: 100,
    });
    const served = await image(map.location);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/svg+xml');
    expect(served.headers['content-security-policy']).toContain("default-src 'none'");
    const text = served.body;
    expect(text).toContain('<rect');
    expect(text).toContain('fill="red"');
    for (const banned of ['script', 'alert', 'onclick', 'onload', 'foreignObject', 'evil.example'])
      expect(text).not.toContain(banned);
  });
});

describe('map settings', () => {
  it('round-trips image, location and device settings, radius and scale, filled from the database', async () => {
    const gateway = await insertGateway(db(), accountId, { deviceCount: 2 });
    const [first, second] = gateway.devices.map((id) => gateway.deviceRows.get(id) ?? '');
    const [location] = await db()
      .insert(locations)
      .values({ accountId, name: 'Cold room B' })
      .returning({ id: locations.id });
    const locationId = location?.id ?? '';
    await db()
      .update(devices)
      .set({ locationId })
      .where(eq(devices.id, first ?? ''));
    const map = await uploadMap('Lab 2');
    const body = {
      id: map.id,
      image_settings: { x: 12.5, y: -4 },
      location_settings: [
        {
          id: locationId,
          title: 'whatever',
          x: 1,
          y: 2,
          imageWidth: 100,
          imageHeight: 50,
          imageX: 3,
          imageY: 4,
          scale: 1.5,
        },
      ],
      device_settings: [
        { ...placedDevice(first ?? '', locationId), name: 'client name', offline: false },
        placedDevice(second ?? '', locationId, 30),
      ],
      radius: 3,
      scale: 0.75,
    };
    const saved = await save(body);
    expect(saved.statusCode, saved.body).toBe(200);
    const item = (await listMaps()).find((entry) => entry.id === map.id);
    expect(item).toMatchObject({
      imageSettings: { x: 12.5, y: -4 },
      radius: 3,
      scale: 0.75,
      locationSettings: [
        {
          id: locationId,
          title: 'Cold room B',
          x: 1,
          y: 2,
          imageWidth: 100,
          imageHeight: 50,
          imageX: 3,
          imageY: 4,
          scale: 1.5,
        },
      ],
      deviceSettings: [
        {
          ...placedDevice(first ?? '', locationId),
          deviceId: gateway.devices[0],
          name: 'Device 1',
          offline: true,
          alarm: false,
          alarmTypes: [],
          removed: false,
        },
        // Not in the location it was placed in: removed (teal on the map).
        { id: second, name: 'Device 2', removed: true, x: 30 },
      ],
    });
    const [entry] = await auditEntries(db(), 'map', 'update');
    expect(entry?.information).toContain('Lab 2');

    // A stored radius above 5 is capped on load.
    await db().execute(sql`update maps set radius = 9 where id = ${map.id}`);
    expect((await listMaps()).find((entry) => entry.id === map.id)?.radius).toBe(5);
    expect((await save({ ...body, radius: 6 })).statusCode).toBe(400);

    // The viewer sees the map, with only the devices assigned to them.
    const viewerId = await userIdOf(db(), demo.viewer);
    await db()
      .insert(deviceUsers)
      .values({ deviceId: second ?? '', userId: viewerId });
    const seen = (await listMaps(viewer)).find((entry) => entry.id === map.id);
    expect((seen?.deviceSettings as { id: string }[]).map((device) => device.id)).toEqual([second]);
    const viewerSave = await save(body, viewer);
    expect(viewerSave.statusCode).toBe(403);
  });

  it('places a location or device on at most one map, naming it', async () => {
    const gateway = await insertGateway(db(), accountId, { deviceCount: 1 });
    const deviceRow = gateway.deviceRows.get(gateway.devices[0] ?? '') ?? '';
    await db().update(devices).set({ name: 'Freezer 7' }).where(eq(devices.id, deviceRow));
    const [location] = await db()
      .insert(locations)
      .values({ accountId, name: 'Corridor' })
      .returning({ id: locations.id });
    const locationId = location?.id ?? '';
    const first = await uploadMap('First floor');
    const second = await uploadMap('Second floor');
    expect(
      (await save({ id: first.id, device_settings: [placedDevice(deviceRow, null)] })).statusCode,
    ).toBe(200);
    const device = await save({ id: second.id, device_settings: [placedDevice(deviceRow, null)] });
    expect(device.statusCode).toBe(409);
    expect(device.json().errors[0]).toEqual({
      message: 'Device "Freezer 7" is already placed on another map "First floor"',
      field: 'device_settings',
    });
    const loc = {
      id: locationId,
      title: '',
      x: 0,
      y: 0,
      imageWidth: 1,
      imageHeight: 1,
      imageX: 0,
      imageY: 0,
      scale: 1,
    };
    expect(
      (
        await save({
          id: first.id,
          location_settings: [loc],
          device_settings: [placedDevice(deviceRow, null)],
        })
      ).statusCode,
    ).toBe(200);
    const place = await save({ id: second.id, location_settings: [loc] });
    expect(place.statusCode).toBe(409);
    expect(place.json().errors[0].message).toBe(
      'Location "Corridor" is already placed on another map "First floor"',
    );
    // Twice on one map, or another account's device.
    const twice = await save({ id: second.id, location_settings: [loc, loc] });
    expect(twice.json().errors[0].message).toBe('a location or device is placed twice on this map');
    const foreign = await createAccountWithOwner(db(), 'Foreign Lab', 'owner@foreign-maps.example');
    const foreignGateway = await insertGateway(db(), foreign.account.id, { deviceCount: 1 });
    const foreignRow = foreignGateway.deviceRows.get(foreignGateway.devices[0] ?? '') ?? '';
    const stranger = await save({
      id: second.id,
      device_settings: [placedDevice(foreignRow, null)],
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().errors[0].message).toBe(
      'a placed device is not a device of this account',
    );
    // Once the first map is deleted, the second may take them.
    const deleted = await test.app.inject({
      method: 'DELETE',
      url: `/api/map/${first.id}`,
      headers: owner,
    });
    expect(deleted.statusCode).toBe(200);
    expect((await image(first.location)).statusCode).toBe(404);
    expect(
      (
        await save({
          id: second.id,
          location_settings: [loc],
          device_settings: [placedDevice(deviceRow, null)],
        })
      ).statusCode,
    ).toBe(200);
    const [entry] = await auditEntries(db(), 'map', 'delete');
    expect(entry?.information).toBe('Deleted map "First floor"');
  });

  it('keeps maps and their images from other accounts', async () => {
    const map = await uploadMap('Private plan');
    expect((await listMaps(other)).map((item) => item.id)).not.toContain(map.id);
    expect((await save({ id: map.id }, other)).statusCode).toBe(404);
    const deleted = await test.app.inject({
      method: 'DELETE',
      url: `/api/map/${map.id}`,
      headers: other,
    });
    expect(deleted.statusCode).toBe(404);
    // Another account's link does not open this map's image, nor does a forged or missing one.
    const otherUpload = await upload(
      [
        { name: 'title', value: 'Theirs' },
        { name: 'file', filename: 'theirs.png', bytes: png(20, 20) },
      ],
      other,
    );
    const theirs = otherUpload.json().data.map as { id: string; location: string };
    const token = new URL(theirs.location, 'http://x').searchParams.get('token') ?? '';
    const borrowed = await image(`/api/map/${map.id}/image?token=${encodeURIComponent(token)}`);
    expect(borrowed.statusCode).toBe(403);
    expect((await image(`/api/map/${map.id}/image?token=forged`)).statusCode).toBe(403);
    expect((await image(`/api/map/${map.id}/image`)).statusCode).toBe(400);
    expect((await image(map.location)).statusCode).toBe(200);
  });
});
