import type { Device } from '@vigil/contracts';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { subjectOf, type Actor } from '../../lib/actor.js';
import * as audit from '../audit/index.js';
import { inAccount, ownAccount, type Scope } from '../../lib/scope.js';
import { findUser } from '../users/index.js';
import * as repo from './repo.js';
import { deviceView, relocation } from './service.js';

type Assignment = { userId: string; deviceId: string };

async function ownDevice(db: Executor, accountId: string, id: string, field?: string) {
  const device = await repo.findDevice(db, accountId, id);
  if (!device) throw new AppError(404, 'notFound', field);
  return device;
}

/**
 * The person to assign: a `user` of the device's account. Another account's person is not
 * found (404); an owner of this account needs no assignment (400).
 */
async function assignableUser(db: Executor, accountId: string, userId: string) {
  const user = await findUser(db, inAccount(accountId), userId);
  if (!user) throw new AppError(404, 'notFound', 'userId');
  if (user.role !== 'user') throw new AppError(400, 'userNotAssignable', 'userId');
  return user;
}

/** Lets a `user` see a device (and its location, readings and alarms). */
export async function assignUser(
  ctx: AppContext,
  actor: Actor,
  scope: Scope,
  body: Assignment,
): Promise<Device> {
  const { accountId } = ownAccount(scope);
  await ctx.db.transaction(async (tx) => {
    const device = await ownDevice(tx, accountId, body.deviceId, 'deviceId');
    const user = await assignableUser(tx, accountId, body.userId);
    const added = await repo.assignUser(tx, device.id, user.id);
    if (!added) return;
    await audit.record(tx, subjectOf(actor), {
      event: 'device',
      action: 'assignUser',
      information: `Assigned ${user.email} (${user.name}) to device ${device.deviceId} (${device.name})`,
    });
  });
  return deviceView(ctx.db, scope, body.deviceId);
}

export async function unassignUser(
  ctx: AppContext,
  actor: Actor,
  scope: Scope,
  body: Assignment,
): Promise<Device> {
  const { accountId } = ownAccount(scope);
  await ctx.db.transaction(async (tx) => {
    const device = await ownDevice(tx, accountId, body.deviceId, 'deviceId');
    const user = await findUser(tx, inAccount(accountId), body.userId);
    if (!user) throw new AppError(404, 'notFound', 'userId');
    const removed = await repo.unassignUser(tx, device.id, user.id);
    if (!removed) return;
    await audit.record(tx, subjectOf(actor), {
      event: 'device',
      action: 'unassignUser',
      information: `Unassigned ${user.email} (${user.name}) from device ${device.deviceId} (${device.name})`,
    });
  });
  return deviceView(ctx.db, scope, body.deviceId);
}

/** Takes a device out of its location; the map then shows that it needs relocating. */
export async function unassignLocation(
  ctx: AppContext,
  actor: Actor,
  scope: Scope,
  id: string,
): Promise<Device> {
  const { accountId } = ownAccount(scope);
  await ctx.db.transaction(async (tx) => {
    const device = await ownDevice(tx, accountId, id);
    if (device.locationId === null) return;
    await repo.updateDevice(tx, accountId, id, relocation(device.locationId, null, new Date()));
    await audit.record(tx, subjectOf(actor), {
      event: 'device',
      action: 'unassignLocation',
      information: `Removed device ${device.deviceId} (${device.name}) from location ${device.locationName ?? device.locationId}`,
    });
  });
  return deviceView(ctx.db, scope, id);
}
