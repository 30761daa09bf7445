import type { DeviceAlarm, lightAlarmBody, lightAlarmUpdateBody } from '@vigil/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../../context.js';
import { badRequest, notFound } from '../../../errors.js';
import { subjectOf, type Actor } from '../../../lib/actor.js';
import * as audit from '../../audit/index.js';
import { ownAccount, type Scope } from '../../../lib/scope.js';
import * as repo from './repo.js';
import {
  changeAlarms,
  checkEditable,
  checkVoiceCall,
  deliveryValues,
  resolveRecipients,
  withRecipients,
} from './shared.js';

/**
 * Light alarms (the /lightProfile page): a lux range checked during each weekday's windows,
 * one alarm per device. A device has a light sensor when its latest reading carries `light_s`.
 */
type Fields = z.output<typeof lightAlarmUpdateBody>;

function lightValues(body: Fields) {
  return {
    name: body.name,
    kind: 'light' as const,
    minLux: body.minLux,
    maxLux: body.maxLux,
    lightSchedule: body.lightSchedule,
    ...deliveryValues(body, body.textEnable),
  };
}

export async function list(ctx: AppContext, actor: Actor, scope: Scope) {
  const { rows } = await repo.listAlarms(ctx.db, ownAccount(scope), { kind: 'light' });
  return { list: await withRecipients(ctx.db, actor, rows) };
}

/** Adds the same light alarm on every chosen device; each must have a light sensor. */
export async function create(
  ctx: AppContext,
  actor: Actor,
  scope: Scope,
  body: z.output<typeof lightAlarmBody>,
): Promise<{ list: DeviceAlarm[] }> {
  const own = ownAccount(scope);
  const ids = [...new Set(body.devices)];
  const created = await changeAlarms(ctx, async (tx) => {
    const devices = await repo.findDevices(tx, own, ids);
    if (devices.length !== ids.length) throw notFound();
    if (devices.some((device) => !device.hasLight))
      throw badRequest('lightSensorMissing', 'devices');
    await checkVoiceCall(tx, own.accountId, body.callEnable);
    const recipients = await resolveRecipients(tx, actor, own.accountId, body.users);
    const alarmIds: string[] = [];
    for (const device of devices) {
      const alarmId = await repo.insertAlarm(tx, own.accountId, device.id, {
        ...lightValues(body),
        createdBy: actor.userId,
        createdByRole: actor.role,
      });
      await repo.replaceRecipients(tx, { alarmId }, recipients);
      alarmIds.push(alarmId);
    }
    await audit.record(tx, subjectOf(actor), {
      event: 'alarm',
      action: 'create',
      information: `Added light alarm "${body.name}" on ${devices.map((d) => `"${d.name}"`).join(', ')}`,
    });
    return alarmIds;
  });
  const { rows } = await repo.listAlarms(ctx.db, own, { kind: 'light' });
  return {
    list: await withRecipients(
      ctx.db,
      actor,
      rows.filter((row) => created.includes(row.alarm.id)),
    ),
  };
}

export async function update(
  ctx: AppContext,
  actor: Actor,
  scope: Scope,
  id: string,
  body: Fields,
): Promise<DeviceAlarm> {
  const own = ownAccount(scope);
  await changeAlarms(ctx, async (tx) => {
    const row = await repo.findAlarm(tx, own, id);
    if (row?.alarm.kind !== 'light') throw notFound();
    checkEditable(actor, row.alarm);
    await checkVoiceCall(tx, own.accountId, body.callEnable);
    const recipients = await resolveRecipients(tx, actor, own.accountId, body.users);
    await repo.updateAlarm(tx, own.accountId, id, lightValues(body));
    await repo.replaceRecipients(tx, { alarmId: id }, recipients);
    await audit.record(tx, subjectOf(actor), {
      event: 'alarm',
      action: 'update',
      information: `Changed light alarm "${body.name}" on device "${row.device.name}"`,
    });
  });
  const row = await repo.findAlarm(ctx.db, own, id);
  if (!row) throw notFound();
  const [alarm] = await withRecipients(ctx.db, actor, [row]);
  if (!alarm) throw notFound();
  return alarm;
}
