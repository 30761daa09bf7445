import { randomBytes } from 'node:crypto';
import { demo, userIdOf } from '../../helpers/fixtures.js';
import { typedHardwareId } from '../../helpers/inventory.js';
import { all, statuses as s, type Caller, type MatrixContext, type MatrixModule } from './types.js';

/** The caller's own user id: inventory lists are addressed by it. */
const ownId = (c: MatrixContext, caller: Caller) =>
  ({
    anonymous: c.ids.ownerId,
    super_admin: c.ids.adminId,
    super_user: c.ids.ownerId,
    user: c.ids.viewerId,
    other: c.ids.otherOwnerId,
  })[caller] ?? '';

async function created(c: MatrixContext, url: string, payload: object): Promise<string> {
  const response = await c.app.inject({
    method: 'POST',
    url,
    headers: c.headers('super_user'),
    payload,
  });
  if (response.statusCode !== 201)
    throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  const data = response.json().data;
  // A gateway comes back with its credentials; devices and locations as themselves.
  return String(url === '/api/gateway' ? data.gateway.id : data.id);
}

const newGateway = (c: MatrixContext) =>
  created(c, '/api/gateway', {
    gatewayName: 'Matrix Gateway',
    gatewayId: `mx-${randomBytes(4).toString('hex')}`,
  });
const newDevice = (c: MatrixContext, body: object = {}) =>
  created(c, '/api/device', { deviceName: 'Matrix Device', deviceId: typedHardwareId(), ...body });
const newLocation = (c: MatrixContext) => created(c, '/api/location', { name: 'Matrix Room' });

/**
 * Devices, gateways and locations. Lists are addressed by the caller's own id; the demo
 * account's objects are invisible (404) to the other account's owner; changes are for
 * account owners; the global lists are the platform administrator's, who has no account.
 */
export const inventory: MatrixModule = {
  async setup(c) {
    c.ids.adminId = await userIdOf(c.db, demo.admin);
    c.ids.inventoryGatewayId = await newGateway(c);
    c.ids.inventoryLocationId = await newLocation(c);
    c.ids.inventoryDeviceId = await newDevice(c, {
      gatewayId: c.ids.inventoryGatewayId,
      locationId: c.ids.inventoryLocationId,
    });
    c.ids.inventorySpareDeviceId = await newDevice(c);
    await c.app.inject({
      method: 'POST',
      url: '/api/device/assignUser',
      headers: c.headers('super_user'),
      payload: { userId: c.ids.viewerId, deviceId: c.ids.inventoryDeviceId },
    });
  },
  calls: [
    // Devices.
    {
      method: 'GET',
      route: '/api/device/:id/',
      url: (c, caller) => `/api/device/${ownId(c, caller)}/`,
      expected: s(401, 403, 200, 200, 200),
    },
    {
      method: 'GET',
      route: '/api/device/:id/',
      url: (c) => `/api/device/${c.ids.ownerId ?? ''}/`,
      expected: s(401, 403, 200, 404, 404),
    },
    {
      method: 'GET',
      route: '/api/device/global',
      url: () => '/api/device/global?search=matrix',
      expected: s(401, 200, 403, 403, 403),
    },
    {
      method: 'GET',
      route: '/api/device/csv',
      url: () => '/api/device/csv',
      expected: s(401, 403, 200, 200, 200),
    },
    {
      method: 'POST',
      route: '/api/device',
      url: () => '/api/device',
      body: (c) => ({
        deviceName: 'Matrix Device',
        deviceId: typedHardwareId(),
        gatewayId: c.ids.inventoryGatewayId,
      }),
      expected: s(401, 403, 201, 403, 404),
    },
    {
      method: 'PUT',
      route: '/api/device/:id',
      url: (c) => `/api/device/${c.ids.inventoryDeviceId ?? ''}`,
      body: () => ({ deviceName: 'Matrix Device' }),
      expected: s(401, 403, 200, 403, 404),
    },
    {
      method: 'DELETE',
      route: '/api/device/:id',
      url: async (c) => `/api/device/${await newDevice(c)}`,
      expected: s(401, 403, 200, 403, 404),
    },
    {
      method: 'GET',
      route: '/api/device/:id/status',
      url: (c) => `/api/device/${c.ids.inventoryDeviceId ?? ''}/status`,
      expected: s(401, 403, 200, 200, 404),
    },
    {
      method: 'GET',
      route: '/api/device/:id/status',
      url: (c) => `/api/device/${c.ids.inventorySpareDeviceId ?? ''}/status`,
      expected: s(401, 403, 200, 404, 404),
    },
    {
      method: 'POST',
      route: '/api/device/unassignLocation/:id',
      url: async (c) =>
        `/api/device/unassignLocation/${await newDevice(c, { locationId: c.ids.inventoryLocationId })}`,
      expected: s(401, 403, 200, 403, 404),
    },
    {
      method: 'POST',
      route: '/api/device/assignUser',
      url: () => '/api/device/assignUser',
      body: (c) => ({ userId: c.ids.viewerId, deviceId: c.ids.inventorySpareDeviceId }),
      expected: s(401, 403, 200, 403, 404),
    },
    {
      method: 'POST',
      route: '/api/device/unassignUser',
      url: () => '/api/device/unassignUser',
      body: (c) => ({ userId: c.ids.viewerId, deviceId: c.ids.inventorySpareDeviceId }),
      expected: s(401, 403, 200, 403, 404),
    },
    {
      method: 'GET',
      route: '/api/misc/connectedStatus',
      url: () => '/api/misc/connectedStatus',
      expected: s(401, 200, 200, 200, 200),
    },
    // Changing an ID: the person's own password, again.
    {
      method: 'POST',
      route: '/api/auth/unlock',
      url: () => '/api/auth/unlock',
      body: () => ({ password: 'vigil-demo' }),
      expected: s(401, 403, 200, 403, 200),
    },
    // Gateways: the account owners' business.
    {
      method: 'GET',
      route: '/api/gateway/:id/',
      url: (c, caller) => `/api/gateway/${ownId(c, caller)}/`,
      expected: s(401, 403, 200, 403, 200),
    },
    {
      method: 'GET',
      route: '/api/gateway/:id/',
      url: (c) => `/api/gateway/${c.ids.ownerId ?? ''}/`,
      expected: s(401, 403, 200, 403, 404),
    },
    {
      method: 'GET',
      route: '/api/gateway/global',
      url: () => '/api/gateway/global',
      expected: s(401, 200, 403, 403, 403),
    },
    {
      method: 'GET',
      route: '/api/gateway/csv',
      url: () => '/api/gateway/csv',
      expected: s(401, 403, 200, 403, 200),
    },
    {
      method: 'POST',
      route: '/api/gateway',
      url: () => '/api/gateway',
      body: () => ({
        gatewayName: 'Matrix Gateway',
        gatewayId: `mx-${randomBytes(4).toString('hex')}`,
      }),
      expected: s(401, 403, 201, 403, 201),
    },
    {
      method: 'PUT',
      route: '/api/gateway/:id',
      url: (c) => `/api/gateway/${c.ids.inventoryGatewayId ?? ''}`,
      body: () => ({ gatewayName: 'Matrix Gateway' }),
      expected: s(401, 403, 200, 403, 404),
    },
    {
      method: 'DELETE',
      route: '/api/gateway/:id',
      url: async (c) => `/api/gateway/${await newGateway(c)}`,
      expected: s(401, 403, 200, 403, 404),
    },
    {
      method: 'POST',
      route: '/api/gateway/:id/secret',
      url: (c) => `/api/gateway/${c.ids.inventoryGatewayId ?? ''}/secret`,
      expected: s(401, 403, 200, 403, 404),
    },
    // Locations.
    {
      method: 'GET',
      route: '/api/location/:id',
      url: (c, caller) => `/api/location/${ownId(c, caller)}?page=0`,
      expected: s(401, 403, 200, 200, 200),
    },
    {
      method: 'GET',
      route: '/api/location/:id',
      url: (c) => `/api/location/${c.ids.ownerId ?? ''}?page=0`,
      expected: s(401, 403, 200, 404, 404),
    },
    {
      method: 'POST',
      route: '/api/location',
      url: () => '/api/location',
      body: () => ({ name: 'Matrix Room' }),
      expected: s(401, 403, 201, 403, 201),
    },
    {
      method: 'PUT',
      route: '/api/location/:id',
      url: (c) => `/api/location/${c.ids.inventoryLocationId ?? ''}`,
      body: () => ({ name: 'Matrix Room' }),
      expected: s(401, 403, 200, 403, 404),
    },
    {
      method: 'DELETE',
      route: '/api/location/:id',
      url: async (c) => `/api/location/${await newLocation(c)}`,
      expected: s(401, 403, 200, 403, 404),
    },
    // Bad input is refused as bad, whoever may call the route.
    {
      method: 'POST',
      route: '/api/device',
      url: () => '/api/device',
      body: () => ({ deviceName: '', deviceId: '' }),
      expected: s(401, 403, 400, 403, 400),
    },
    {
      method: 'GET',
      route: '/api/misc/connectedStatus',
      url: () => '/api/misc/connectedStatus',
      headers: () => ({ authorization: 'Bearer undefined' }),
      expected: all(401),
    },
  ],
};
