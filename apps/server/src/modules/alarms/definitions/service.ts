import type {
  alarmListQuery,
  DeviceAlarm,
  deviceAlarmBody,
  deviceAlarmListQuery,
  deviceAlarmUpdateBody,
} from '@vigil/contracts';
import { pageSizes } from '@vigil/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../../context.js';
import type { Executor } from '../../../db/client.js';
import { notFound } from '../../../errors.js';
import { subjectOf, type Actor } from '../../../lib/actor.js';
import * as audit from '../../audit/index.js';
import { pagination } from '../../../lib/pagination.js';
import { inAccount, ownAccount, type OwnScope, type Scope } from '../../../lib/scope.js';
import * as repo from './repo.js';
import {
  changeAlarms,
  checkEditable,
  checkSpill,
  checkVoiceCall,
  deliveryValues,
  resolveRecipients,
  thresholdValues,
  withRecipients,
} from './shared.js';

async function ownDevice(db: Executor, scope: OwnScope, id: string) {
  const [device] = await repo.findDevices(db, scope, [id]);
  if (!device) throw notFound();
  return device;
}

async function ownAlarm(db: Executor, scope: repo.AlarmScope, id: string) {
  const row = await repo.findAlarm(db, scope, id);
  if (!row) throw notFound();
  return row;
}

async function readAlarm(
  ctx: AppContext,
  actor: Actor,
  scope: Scope,
  id: string,
): Promise<DeviceAlarm> {
  const [alarm] = await withRecipients(ctx.db, actor, [
    await ownAlarm(ctx.db, ownAccount(scope), id),
  ]);
  if (!alarm) throw notFound();
  return alarm;
}

/** The device-panel list: a device's threshold alarms, 10 a page, all of them without `page`. */
export async function listOfDevice(
  ctx: AppContext,
  actor: Actor,
  scope: Scope,
  deviceId: string,
  query: z.output<typeof deviceAlarmListQuery>,
) {
  const own = ownAccount(scope);
  await ownDevice(ctx.db, own, deviceId);
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? (query.page === undefined ? pageSizes.full : pageSizes.table);
  const { rows, total } = await repo.listAlarms(
    ctx.db,
    own,
    { deviceId, kind: 'threshold' },
    { page, pageSize },
  );
  return {
    list: await withRecipients(ctx.db, actor, rows),
    meta: { pagination: pagination(page, pageSize, total) },
  };
}

/** The alarms page: every alarm in the caller's reach (all accounts for a super_admin). */
export async function listAll(
  ctx: AppContext,
  actor: Actor,
  scope: Scope,
  query: z.output<typeof alarmListQuery>,
) {
  const { rows, total } = await repo.listAlarms(
    ctx.db,
    scope,
    { search: query.search },
    { page: query.page, pageSize: query.pageSize },
  );
  return {
    list: await withRecipients(ctx.db, actor, rows),
    meta: { pagination: pagination(query.page, query.pageSize, total) },
  };
}

type Body = z.output<typeof deviceAlarmUpdateBody>;

function alarmValues(body: Body) {
  return {
    name: body.name,
    ...thresholdValues(body),
    ...deliveryValues(body, body.textEnable),
  };
}

/** Adds an alarm on a device of the account (a user: on a device assigned to them). */
export async function create(
  ctx: AppContext,
  actor: Actor,
  scope: Scope,
  body: z.output<typeof deviceAlarmBody>,
): Promise<DeviceAlarm> {
  const own = ownAccount(scope);
  const id = await changeAlarms(ctx, async (tx) => {
    const device = await ownDevice(tx, own, body.deviceId);
    checkSpill(device, body.waterEnabled);
    await checkVoiceCall(tx, own.accountId, body.callEnable);
    const recipients = await resolveRecipients(tx, actor, own.accountId, body.users);
    const alarmId = await repo.insertAlarm(tx, own.accountId, device.id, {
      ...alarmValues(body),
      kind: 'threshold',
      createdBy: actor.userId,
      createdByRole: actor.role,
    });
    await repo.replaceRecipients(tx, { alarmId }, recipients);
    await audit.record(tx, subjectOf(actor), {
      event: 'alarm',
      action: 'create',
      information: `Added alarm "${body.name}" on device "${device.name}"`,
    });
    return alarmId;
  });
  return readAlarm(ctx, actor, scope, id);
}

/** Changes a threshold alarm; refused by the editing rule for profile and owner alarms. */
export async function update(
  ctx: AppContext,
  actor: Actor,
  scope: Scope,
  id: string,
  body: Body,
): Promise<DeviceAlarm> {
  const own = ownAccount(scope);
  await changeAlarms(ctx, async (tx) => {
    const row = await ownAlarm(tx, own, id);
    if (row.alarm.kind !== 'threshold') throw notFound();
    checkEditable(actor, row.alarm);
    const [device] = await repo.findDevices(tx, inAccount(own.accountId), [row.device.id]);
    if (device) checkSpill(device, body.waterEnabled);
    await checkVoiceCall(tx, own.accountId, body.callEnable);
    const recipients = await resolveRecipients(tx, actor, own.accountId, body.users);
    await repo.updateAlarm(tx, own.accountId, id, alarmValues(body));
    await repo.replaceRecipients(tx, { alarmId: id }, recipients);
    await audit.record(tx, subjectOf(actor), {
      event: 'alarm',
      action: 'update',
      information: `Changed alarm "${body.name}" on device "${row.device.name}"`,
    });
  });
  return readAlarm(ctx, actor, scope, id);
}

/** Deletes a threshold or light alarm; refused by the editing rule. */
export async function remove(
  ctx: AppContext,
  actor: Actor,
  scope: Scope,
  id: string,
): Promise<void> {
  const own = ownAccount(scope);
  await changeAlarms(ctx, async (tx) => {
    const row = await ownAlarm(tx, own, id);
    checkEditable(actor, row.alarm);
    await repo.deleteAlarms(tx, own.accountId, [id]);
    await audit.record(tx, subjectOf(actor), {
      event: 'alarm',
      action: 'delete',
      information: `Deleted ${row.alarm.kind === 'light' ? 'light ' : ''}alarm "${row.alarm.name}" on device "${row.device.name}"`,
    });
  });
}
