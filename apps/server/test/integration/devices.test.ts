import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '../../src/db/schema/index.js';
import * as devicesRepo from '../../src/modules/devices/repo.js';
import { demo } from '../helpers/fixtures.js';
import {
  addDevice,
  addGateway,
  addLocation,
  auditEntries,
  createInventoryApp,
  deviceCount,
  send,
  storedHardwareId,
  typedHardwareId,
  type Headers,
  type Session,
} from '../helpers/inventory.js';
import type { TestApp } from '../helpers/test-app.js';

let test: TestApp;
let owner: Session;
let viewer: Session;
let admin: Session;
let other: Session;

beforeAll(async () => {
  ({ test, owner, viewer, admin, other } = await createInventoryApp());
});
afterAll(async () => {
  await test.close();
});

const call = (
  headers: Headers,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: object,
) => send(test.app, headers, method, url, body);

describe('adding devices', () => {
  it('stores the ID lower-case with colons and fills the spec defaults', async () => {
    const typed = typedHardwareId();
    const response = await call(owner.headers, 'POST', '/api/device', {
      deviceName: '  Fridge A  ',
      deviceId: typed,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({
      deviceId: storedHardwareId(typed),
      name: 'Fridge A',
      gatewayId: null,
      gateway: null,
      locationId: null,
      location: null,
      equipmentType: 'N/A',
      equipmentStatus: 1,
      offlineAlarmEnable: 1,
      offlineAlarmFrequency: 0,
      ttl: 60,
      spillSensor: 0,
      invertWaterSignal: 0,
      timezone: 'Etc/UTC',
      status: 'inactive',
      lastSeenAt: null,
      latestData: { nodeData: null },
      removedFromLocation: false,
      deviceUsers: [],
      account: { companyName: 'Demo Laboratory', email: demo.owner },
    });
    const [entry] = await auditEntries(test.runtime.ctx.db, 'device', 'create');
    expect(entry).toMatchObject({ userEmail: demo.owner, accountName: 'Demo Laboratory' });
    expect(entry?.information).toContain(`Added device ${storedHardwareId(typed)} (Fridge A)`);
  });

  it.each([
    [{ deviceId: 'aa:bb:cc' }, 'device name is required'],
    [{ deviceName: '   ', deviceId: 'aa:bb:cc' }, 'device name is required'],
    [{ deviceName: 'F', deviceId: 'aa:bb:cc' }, 'device name must be at least 2 characters'],
    [
      { deviceName: 'x'.repeat(31), deviceId: 'aa:bb:cc' },
      "device name shouldn't be longer than 30 characters",
    ],
    [{ deviceName: 'Fridge' }, 'device ID is required'],
    [{ deviceName: 'Fridge', deviceId: '' }, 'device ID is required'],
    [
      { deviceName: 'Fridge', deviceId: 'not hex!' },
      'please enter a valid device ID (hexadecimal, e.g. 00:1a:2b:3c:4d:5e)',
    ],
    [
      { deviceName: 'Fridge', deviceId: 'aa:bb:cc', equipmentType: 'Fridge' },
      'please choose an equipment type',
    ],
    [
      { deviceName: 'Fridge', deviceId: 'aa:bb:cc', ttl: 45 },
      'please choose when the first offline alert is sent',
    ],
    [
      { deviceName: 'Fridge', deviceId: 'aa:bb:cc', offlineAlarmFrequency: 15 },
      'please choose an offline alarm frequency',
    ],
    [
      { deviceName: 'Fridge', deviceId: 'aa:bb:cc', timezone: 'Mars/Olympus_Mons' },
      'please choose a valid timezone',
    ],
    [{ deviceName: 'Fridge', deviceId: 'aa:bb:cc', gatewayId: 'gw-1' }, '404 not found'],
  ])('refuses %j with "%s" and stores nothing', async (body, message) => {
    const before = await deviceCount(test.runtime.ctx.db);
    const response = await call(owner.headers, 'POST', '/api/device', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].message).toBe(message);
    expect(await deviceCount(test.runtime.ctx.db)).toBe(before);
  });

  it('accepts every equipment type, ttl and offline frequency option of the spec', async () => {
    const types = ['N/A', '+4C', '-20C', '-30C', '-80C', 'Ambient', 'Incubator', 'Cryofreezer'];
    const ttls = [25, 30, 40, 50, 60];
    const frequencies = [0, 30, 60, 90, 120];
    for (const [index, equipmentType] of types.entries()) {
      const ttl = ttls[index % ttls.length];
      const offlineAlarmFrequency = frequencies[index % frequencies.length];
      const device = await addDevice(test.app, owner.headers, {
        equipmentType,
        ttl,
        offlineAlarmFrequency,
      });
      expect(device).toMatchObject({ equipmentType, ttl, offlineAlarmFrequency });
    }
  });

  it('keeps device IDs unique platform-wide, whatever their case', async () => {
    const typed = typedHardwareId();
    await addDevice(test.app, owner.headers, { deviceId: typed });
    const before = await deviceCount(test.runtime.ctx.db);
    for (const [headers, deviceId] of [
      [owner.headers, typed.toLowerCase()],
      [other.headers, storedHardwareId(typed).toUpperCase()],
    ] as const) {
      const response = await call(headers, 'POST', '/api/device', {
        deviceName: 'Copy',
        deviceId,
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().errors[0]).toMatchObject({
        message: 'a device with this ID already exists',
        field: 'deviceId',
      });
    }
    expect(await deviceCount(test.runtime.ctx.db)).toBe(before);
  });

  it('leaves a race for one ID to the unique index, answered as taken', async () => {
    const first = await addDevice(test.app, owner.headers);
    const second = await addDevice(test.app, owner.headers);
    const { db } = test.runtime.ctx;
    const accountId = String(first.account.id);
    const raced = await devicesRepo.updateDevice(db, accountId, second.id, {
      deviceId: first.deviceId,
    });
    expect(raced).toBe(false);
    expect(await devicesRepo.updateDevice(db, accountId, second.id, { name: 'Fine' })).toBe(true);
  });

  it('turns offline alerts off for inactive equipment', async () => {
    const device = await addDevice(test.app, owner.headers, {
      equipmentStatus: 0,
      offlineAlarmEnable: 1,
    });
    expect(device).toMatchObject({ equipmentStatus: 0, offlineAlarmEnable: 0 });
  });

  it('inverts the water signal only on a spill sensor', async () => {
    const plain = await addDevice(test.app, owner.headers, { invertWaterSignal: 1 });
    expect(plain).toMatchObject({ spillSensor: 0, invertWaterSignal: 0 });
    const spill = await addDevice(test.app, owner.headers, {
      spillSensor: 1,
      invertWaterSignal: 1,
    });
    expect(spill).toMatchObject({ spillSensor: 1, invertWaterSignal: 1 });
  });

  it('links only a gateway and a location of the same account (else 404)', async () => {
    const gateway = await addGateway(test.app, owner.headers);
    const location = await addLocation(test.app, owner.headers, 'Freezer Hall');
    const device = await addDevice(test.app, owner.headers, {
      gatewayId: gateway.gateway.id,
      locationId: location.id,
    });
    expect(device).toMatchObject({
      gateway: {
        id: gateway.gateway.id,
        name: 'Gateway One',
        gatewayId: gateway.gateway.gatewayId,
      },
      location: { id: location.id, name: 'Freezer Hall' },
    });
    const before = await deviceCount(test.runtime.ctx.db);
    for (const [field, value] of [
      ['gatewayId', gateway.gateway.id],
      ['locationId', location.id],
    ]) {
      const response = await call(other.headers, 'POST', '/api/device', {
        deviceName: 'Intruder',
        deviceId: typedHardwareId(),
        [field as string]: value,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().errors[0]).toMatchObject({ message: '404 not found', field });
    }
    expect(await deviceCount(test.runtime.ctx.db)).toBe(before);
  });

  it('is for account owners: 403 for a user and for the platform administrator', async () => {
    for (const headers of [viewer.headers, admin.headers]) {
      const response = await call(headers, 'POST', '/api/device', {
        deviceName: 'Nope',
        deviceId: typedHardwareId(),
      });
      expect(response.statusCode).toBe(403);
    }
  });
});

describe('editing devices', () => {
  it('applies a partial edit (the dashboard assigns a location) and leaves the rest', async () => {
    const gateway = await addGateway(test.app, owner.headers);
    const device = await addDevice(test.app, owner.headers, {
      deviceName: 'Incubator 2',
      equipmentType: 'Incubator',
      ttl: 30,
      offlineAlarmFrequency: 90,
      gatewayId: gateway.gateway.id,
    });
    const location = await addLocation(test.app, owner.headers, 'Tissue Culture');
    const response = await call(owner.headers, 'PUT', `/api/device/${device.id}`, {
      locationId: location.id,
      timezone: 'Europe/Vaduz',
      deviceId: device.deviceId.toUpperCase(),
      deviceName: 'Incubator 2',
      gatewayId: gateway.gateway.id,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      deviceId: device.deviceId,
      name: 'Incubator 2',
      equipmentType: 'Incubator',
      ttl: 30,
      offlineAlarmFrequency: 90,
      locationId: location.id,
      location: { id: location.id, name: 'Tissue Culture' },
      timezone: 'Europe/Vaduz',
      gateway: { id: gateway.gateway.id },
    });
    const [entry] = await auditEntries(test.runtime.ctx.db, 'device', 'update');
    expect(entry?.information).toBe(
      `Updated device ${device.deviceId} (Incubator 2): location: "none" -> "Tissue Culture", timezone: "Etc/UTC" -> "Europe/Vaduz"`,
    );
  });

  it('computes the rules on the merged device', async () => {
    const device = await addDevice(test.app, owner.headers, {
      spillSensor: 1,
      invertWaterSignal: 1,
    });
    const url = `/api/device/${device.id}`;
    const inactive = await call(owner.headers, 'PUT', url, { equipmentStatus: 0 });
    expect(inactive.json().data).toMatchObject({ equipmentStatus: 0, offlineAlarmEnable: 0 });
    const stillOff = await call(owner.headers, 'PUT', url, { offlineAlarmEnable: 1 });
    expect(stillOff.json().data).toMatchObject({ equipmentStatus: 0, offlineAlarmEnable: 0 });
    const active = await call(owner.headers, 'PUT', url, {
      equipmentStatus: 1,
      offlineAlarmEnable: 1,
    });
    expect(active.json().data).toMatchObject({ equipmentStatus: 1, offlineAlarmEnable: 1 });
    const noSpill = await call(owner.headers, 'PUT', url, { spillSensor: 0 });
    expect(noSpill.json().data).toMatchObject({ spillSensor: 0, invertWaterSignal: 0 });
  });

  it('refuses bad edits with the spec texts and changes nothing', async () => {
    const device = await addDevice(test.app, owner.headers, { deviceName: 'Keep Me' });
    for (const [body, message] of [
      [{ deviceName: '' }, 'device name is required'],
      [{ deviceName: 'y'.repeat(31) }, "device name shouldn't be longer than 30 characters"],
      [{ ttl: 61 }, 'please choose when the first offline alert is sent'],
      [{ locationId: 'nowhere' }, '404 not found'],
    ] as const) {
      const response = await call(owner.headers, 'PUT', `/api/device/${device.id}`, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].message).toBe(message);
    }
    const [row] = await test.runtime.ctx.db
      .select({ name: devices.name, ttl: devices.ttl })
      .from(devices)
      .where(eq(devices.id, device.id));
    expect(row).toEqual({ name: 'Keep Me', ttl: 60 });
  });

  it('takes a device out of its location and marks it for relocation', async () => {
    const location = await addLocation(test.app, owner.headers, 'Cold Room B');
    const device = await addDevice(test.app, owner.headers, { locationId: location.id });
    const response = await test.app.inject({
      method: 'POST',
      url: `/api/device/unassignLocation/${device.id}`,
      headers: owner.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      locationId: null,
      location: null,
      removedFromLocation: true,
    });
    const [entry] = await auditEntries(test.runtime.ctx.db, 'device', 'unassignLocation');
    expect(entry?.information).toBe(
      `Removed device ${device.deviceId} (Fridge 1) from location Cold Room B`,
    );
    const relocated = await call(owner.headers, 'PUT', `/api/device/${device.id}`, {
      locationId: location.id,
    });
    expect(relocated.json().data).toMatchObject({
      locationId: location.id,
      removedFromLocation: false,
    });
  });
});
