import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/db/client.js';
import { auditLog, devices } from '../../src/db/schema/index.js';
import { createAccountWithOwner, demo } from './fixtures.js';
import { createDemoApp, login } from './test-app.js';

export type Headers = Record<string, string>;

/** A random hardware address as people type it: upper-case pairs with dashes. */
export const typedHardwareId = () =>
  [...randomBytes(6)].map((byte) => byte.toString(16).padStart(2, '0').toUpperCase()).join('-');

/** The same address as stored: lower-case pairs with colons. */
export const storedHardwareId = (typed: string) => typed.toLowerCase().replaceAll('-', ':');

export const randomGatewayId = () => `GW-${randomBytes(4).toString('hex').toUpperCase()}`;

export async function send(
  app: FastifyInstance,
  headers: Headers,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  return app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

/** Adds a device through the API (201 expected) and returns it as the API answers it. */
export async function addDevice(app: FastifyInstance, headers: Headers, body: object = {}) {
  const response = await send(app, headers, 'POST', '/api/device', {
    deviceName: 'Fridge 1',
    deviceId: typedHardwareId(),
    ...body,
  });
  if (response.statusCode !== 201)
    throw new Error(`add device: ${response.statusCode} ${response.body}`);
  return response.json().data;
}

/** Registers a gateway through the API and returns its credentials reply. */
export async function addGateway(app: FastifyInstance, headers: Headers, body: object = {}) {
  const response = await send(app, headers, 'POST', '/api/gateway', {
    gatewayName: 'Gateway One',
    gatewayId: randomGatewayId(),
    ...body,
  });
  if (response.statusCode !== 201)
    throw new Error(`add gateway: ${response.statusCode} ${response.body}`);
  return response.json().data;
}

export async function addLocation(app: FastifyInstance, headers: Headers, name = 'Cold Room') {
  const response = await send(app, headers, 'POST', '/api/location', { name });
  if (response.statusCode !== 201)
    throw new Error(`add location: ${response.statusCode} ${response.body}`);
  return response.json().data;
}

/** The newest audit entries of an event and action, newest first. */
export function auditEntries(db: Db, event: string, action: string) {
  return db
    .select({
      information: auditLog.information,
      result: auditLog.result,
      userEmail: auditLog.userEmail,
      accountName: auditLog.accountName,
    })
    .from(auditLog)
    .where(and(eq(auditLog.event, event), eq(auditLog.action, action)))
    .orderBy(desc(auditLog.id));
}

export async function deviceCount(db: Db): Promise<number> {
  return (await db.select({ id: devices.id }).from(devices)).length;
}

export type Session = Awaited<ReturnType<typeof login>>;

/**
 * The demo API with a second account ("Other Laboratory", owner@other.example) and a
 * session for each kind of caller.
 */
export async function createInventoryApp() {
  const test = await createDemoApp();
  await createAccountWithOwner(test.runtime.ctx.db, 'Other Laboratory', 'owner@other.example');
  return {
    test,
    owner: await login(test.app, demo.owner),
    viewer: await login(test.app, demo.viewer),
    admin: await login(test.app, demo.admin),
    other: await login(test.app, 'owner@other.example'),
  };
}
