import {
  alarmMetrics,
  type AlertProfile,
  type alertProfileBody,
  type alertProfileQuery,
} from '@vigil/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../../context.js';
import type { Tx } from '../../../db/client.js';
import { notFound } from '../../../errors.js';
import { subjectOf, type Actor } from '../../../lib/actor.js';
import { inAccount, ownAccount, type Scope } from '../../../lib/scope.js';
import * as alarmsRepo from '../definitions/repo.js';
import {
  changeAlarms,
  checkSpill,
  checkVoiceCall,
  deliveryValues,
  resolveRecipients,
  thresholdValues,
  toRecipient,
} from '../definitions/shared.js';
import * as audit from '../../audit/index.js';
import * as repo from './repo.js';

/**
 * Alert profiles: one set of thresholds and recipients applied to many devices. Applying a
 * profile creates one alarm per device with `profileId` set (locked against direct edits);
 * changing the profile rewrites those alarms in the same transaction.
 */
type Body = z.output<typeof alertProfileBody>;

function toProfile(
  row: repo.ProfileRow,
  recipients: alarmsRepo.RecipientRow[],
  devices: Awaited<ReturnType<typeof repo.profileAlarms>>,
): AlertProfile {
  const thresholds = Object.fromEntries(
    alarmMetrics.flatMap((m) => [
      [m.enabled, row[m.enabled]],
      [m.min, row[m.min]],
      [m.max, row[m.max]],
    ]),
  ) as Pick<AlertProfile, (typeof alarmMetrics)[number]['enabled' | 'min' | 'max']>;
  const users = recipients.filter((r) => r.profileId === row.id).map(toRecipient);
  return {
    profileId: row.id,
    profileName: row.name,
    name: row.name,
    ...thresholds,
    waterEnabled: row.waterEnabled,
    alarmUsers: users,
    users,
    devices: devices.filter((d) => d.profileId === row.id).map((d) => d.device),
    delay: row.delay,
    frequency: row.frequency,
    oneTime: row.oneTime,
    timezone: row.timezone,
    adminEnable: row.adminEnable,
    enable: row.enable,
    emailEnable: row.emailEnable,
    textEnable: row.textEnable,
    phoneEnable: row.textEnable,
    callEnable: row.callEnable,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The account's profiles by name; a user sees none (spec monitoring 6). */
export async function list(
  ctx: AppContext,
  actor: Actor,
  scope: Scope,
  query: z.output<typeof alertProfileQuery>,
) {
  const accountId = ownAccount(scope).accountId;
  if (actor.role !== 'super_user') return { result: [], meta: { total: 0 } };
  const rows = await repo.listProfiles(ctx.db, accountId, query.search);
  const ids = rows.map((row) => row.id);
  const [recipients, devices] = await Promise.all([
    alarmsRepo.recipientsOfProfiles(ctx.db, ids),
    repo.profileAlarms(ctx.db, accountId, ids),
  ]);
  return {
    result: rows.map((row) => toProfile(row, recipients, devices)),
    meta: { total: rows.length },
  };
}

async function read(ctx: AppContext, accountId: string, id: string): Promise<AlertProfile> {
  const row = await repo.findProfile(ctx.db, accountId, id);
  if (!row) throw notFound();
  const [recipients, devices] = await Promise.all([
    alarmsRepo.recipientsOfProfiles(ctx.db, [id]),
    repo.profileAlarms(ctx.db, accountId, [id]),
  ]);
  return toProfile(row, recipients, devices);
}

function profileValues(body: Body) {
  return {
    name: body.profileName,
    ...thresholdValues(body),
    ...deliveryValues(body, body.phoneEnable),
  };
}

/**
 * Validates the devices and recipients, then makes the profile's alarms match it: one per
 * chosen device (updated or added) and none on the devices no longer chosen.
 */
async function apply(tx: Tx, actor: Actor, accountId: string, profileId: string, body: Body) {
  const ids = [...new Set(body.devices)];
  const devices = await alarmsRepo.findDevices(tx, inAccount(accountId), ids);
  if (devices.length !== ids.length) throw notFound();
  for (const device of devices) checkSpill(device, body.waterEnabled);
  await checkVoiceCall(tx, accountId, body.callEnable);
  const recipients = await resolveRecipients(tx, actor, accountId, body.users);
  await alarmsRepo.replaceRecipients(tx, { profileId }, recipients);
  const existing = await repo.profileAlarms(tx, accountId, [profileId]);
  const values = { ...profileValues(body), kind: 'threshold' as const, profileId };
  for (const device of devices) {
    const current = existing.find((alarm) => alarm.device.id === device.id);
    const alarmId = current
      ? current.alarmId
      : await alarmsRepo.insertAlarm(tx, accountId, device.id, {
          ...values,
          createdBy: actor.userId,
          createdByRole: actor.role,
        });
    if (current) await alarmsRepo.updateAlarm(tx, accountId, alarmId, values);
    await alarmsRepo.replaceRecipients(tx, { alarmId }, recipients);
  }
  const dropped = existing.filter((alarm) => !ids.includes(alarm.device.id));
  await alarmsRepo.deleteAlarms(
    tx,
    accountId,
    dropped.map((alarm) => alarm.alarmId),
  );
  return { devices, dropped };
}

const names = (devices: { name: string }[]) => devices.map((d) => `"${d.name}"`).join(', ');

export async function create(
  ctx: AppContext,
  actor: Actor,
  scope: Scope,
  body: Body,
): Promise<AlertProfile> {
  const accountId = ownAccount(scope).accountId;
  const id = await changeAlarms(ctx, async (tx) => {
    const profileId = await repo.insertProfile(tx, accountId, {
      ...profileValues(body),
      createdBy: actor.userId,
    });
    const { devices } = await apply(tx, actor, accountId, profileId, body);
    await audit.record(tx, subjectOf(actor), {
      event: 'alertProfile',
      action: 'create',
      information: `Added alert profile "${body.profileName}" on ${names(devices)}`,
    });
    return profileId;
  });
  return read(ctx, accountId, id);
}

export async function update(
  ctx: AppContext,
  actor: Actor,
  scope: Scope,
  body: Body & { profileId: string },
): Promise<AlertProfile> {
  const accountId = ownAccount(scope).accountId;
  await changeAlarms(ctx, async (tx) => {
    const profile = await repo.findProfile(tx, accountId, body.profileId);
    if (!profile) throw notFound();
    await repo.updateProfile(tx, accountId, body.profileId, profileValues(body));
    const { devices, dropped } = await apply(tx, actor, accountId, body.profileId, body);
    await audit.record(tx, subjectOf(actor), {
      event: 'alertProfile',
      action: 'update',
      information:
        `Changed alert profile "${body.profileName}" on ${names(devices)}` +
        (dropped.length > 0 ? `; removed from ${names(dropped.map((d) => d.device))}` : ''),
    });
  });
  return read(ctx, accountId, body.profileId);
}

export async function remove(
  ctx: AppContext,
  actor: Actor,
  scope: Scope,
  profileId: string,
): Promise<void> {
  const accountId = ownAccount(scope).accountId;
  await changeAlarms(ctx, async (tx) => {
    const profile = await repo.findProfile(tx, accountId, profileId);
    if (!profile) throw notFound();
    const alarms = await repo.profileAlarms(tx, accountId, [profileId]);
    await alarmsRepo.deleteAlarms(
      tx,
      accountId,
      alarms.map((alarm) => alarm.alarmId),
    );
    await repo.deleteProfile(tx, accountId, profileId);
    await audit.record(tx, subjectOf(actor), {
      event: 'alertProfile',
      action: 'delete',
      information: `Deleted alert profile "${profile.name}" and its ${alarms.length} alarm(s)`,
    });
  });
}
