import {
  alarmMetrics,
  lightSchedule,
  type AlarmRecipient,
  type alarmRecipientInput,
  type DeviceAlarm,
} from '@vigil/contracts';
import type { z } from 'zod';
import { alarmDefinitionsChanged } from '../engine/definitions.js';
import type { AppContext } from '../../../context.js';
import type { Executor, Tx } from '../../../db/client.js';
import { AppError, badRequest, forbidden } from '../../../errors.js';
import type { Actor } from '../../../lib/actor.js';
import * as repo from './repo.js';

type Recipient = z.output<typeof alarmRecipientInput>;

/** The alarm_events type name of each metric (what the engine raises). */
const eventTypes: Record<(typeof alarmMetrics)[number]['key'], string> = {
  temp: 'temperature',
  shtT: 'thermocouple',
  humidity: 'humidity',
  carbon: 'co2',
  pressure: 'pressure',
  lntmp: 'ln2_temperature',
  ln2Level: 'ln2_level',
};

type ThresholdInput = {
  [K in (typeof alarmMetrics)[number]['enabled']]: boolean;
} & {
  [K in (typeof alarmMetrics)[number]['min'] | (typeof alarmMetrics)[number]['max']]?:
    number | null;
} & { waterEnabled: boolean };

/** The threshold columns of a validated body; a disabled metric keeps the bounds it was given. */
export function thresholdValues(body: ThresholdInput): Partial<repo.AlarmValues> {
  const values: Record<string, boolean | number | null> = { waterEnabled: body.waterEnabled };
  for (const metric of alarmMetrics) {
    values[metric.enabled] = body[metric.enabled];
    values[metric.min] = body[metric.min] ?? null;
    values[metric.max] = body[metric.max] ?? null;
  }
  return values;
}

type DeliveryInput = {
  delay: number;
  frequency: number;
  one_time: boolean;
  timezone: string;
  adminEnable: boolean;
  enable: boolean;
  emailEnable: boolean;
  callEnable: boolean;
};

export const deliveryValues = (body: DeliveryInput, textEnable: boolean) => ({
  delay: body.delay,
  frequency: body.frequency,
  oneTime: body.one_time,
  timezone: body.timezone,
  adminEnable: body.adminEnable,
  enable: body.enable,
  emailEnable: body.emailEnable,
  textEnable,
  callEnable: body.callEnable,
});

/** Voice alerts only for accounts with voice call enabled (spec monitoring 6). */
export async function checkVoiceCall(db: Executor, accountId: string, callEnable: boolean) {
  if (callEnable && !(await repo.accountVoiceCall(db, accountId)))
    throw badRequest('voiceCallDisabled', 'callEnable');
}

/**
 * Recipients as stored: an account user's current email and phone, or the contact as given.
 * A `user` may name only themselves among the account's users.
 */
export async function resolveRecipients(
  db: Executor,
  actor: Actor,
  accountId: string,
  recipients: Recipient[],
): Promise<repo.RecipientValues[]> {
  const ids = recipients.flatMap((r) => (r.userId === undefined ? [] : [r.userId]));
  if (actor.role === 'user' && ids.some((id) => id !== actor.userId)) throw forbidden();
  const known = new Map((await repo.accountUsers(db, accountId, ids)).map((u) => [u.id, u]));
  return recipients.map((recipient) => {
    if (recipient.userId === undefined)
      return {
        userId: null,
        email: recipient.email,
        countryCode: recipient.countryCode,
        phoneNumber: recipient.phoneNumber,
      };
    const user = known.get(recipient.userId);
    if (!user) throw badRequest('alarmUserInvalid', 'users');
    return {
      userId: user.id,
      email: user.email,
      countryCode: user.countryCode,
      phoneNumber: user.phoneNumber,
    };
  });
}

/** The spill-sensor rule (spec monitoring 5): a spill node's alarm must watch the water. */
export function checkSpill(
  device: repo.AlarmDevice,
  waterEnabled: boolean,
  field = 'waterEnabled',
): void {
  if ((device.spillSensor || device.nodeType === 2) && !waterEnabled)
    throw badRequest('waterSensorRequired', field);
}

export function toRecipient(row: repo.RecipientRow): AlarmRecipient {
  return {
    id: row.id,
    userId: row.userId,
    name: row.name,
    email: row.email,
    countryCode: row.countryCode,
    phoneNumber: row.phoneNumber,
  };
}

/** The editing rule (spec monitoring 4): profile alarms, and owners' alarms for a user, are locked. */
export function mayEdit(actor: Actor, alarm: repo.AlarmRow['alarm']): boolean {
  if (actor.role === 'super_admin') return false;
  if (alarm.profileId !== null) return false;
  return !(actor.role === 'user' && alarm.createdByRole === 'super_user');
}

const alarmLocked = (code: 'alarmFromProfile' | 'alarmOfOwner') => new AppError(403, code);

export function checkEditable(actor: Actor, alarm: repo.AlarmRow['alarm']): void {
  if (alarm.profileId !== null) throw alarmLocked('alarmFromProfile');
  if (!mayEdit(actor, alarm)) throw alarmLocked('alarmOfOwner');
}

export function alarmType(alarm: repo.AlarmRow['alarm']): string {
  if (alarm.kind === 'light') return 'light';
  const types = alarmMetrics.filter((m) => alarm[m.enabled]).map((m) => eventTypes[m.key]);
  if (alarm.waterEnabled) types.push('water');
  return types.join(', ');
}

export function toDeviceAlarm(
  actor: Actor,
  row: repo.AlarmRow,
  recipients: repo.RecipientRow[],
): DeviceAlarm {
  const { alarm, device } = row;
  const schedule = lightSchedule.safeParse(alarm.lightSchedule);
  const thresholds = Object.fromEntries(
    alarmMetrics.flatMap((m) => [
      [m.enabled, alarm[m.enabled]],
      [m.min, alarm[m.min]],
      [m.max, alarm[m.max]],
    ]),
  ) as Pick<DeviceAlarm, (typeof alarmMetrics)[number]['enabled' | 'min' | 'max']>;
  return {
    id: alarm.id,
    name: alarm.name,
    alarmName: alarm.name,
    kind: alarm.kind,
    deviceId: device.id,
    deviceInfo: device,
    alarmInfo: { name: alarm.name },
    accountName: actor.role === 'super_admin' ? row.accountName : null,
    profileId: alarm.profileId,
    createdBy: alarm.createdBy,
    createdByRole: alarm.createdByRole,
    type: alarmType(alarm),
    ...thresholds,
    waterEnabled: alarm.waterEnabled,
    minLux: alarm.minLux,
    maxLux: alarm.maxLux,
    lightSchedule: schedule.success ? schedule.data : null,
    alarmUsers: recipients.filter((r) => r.alarmId === alarm.id).map(toRecipient),
    delay: alarm.delay,
    frequency: alarm.frequency,
    oneTime: alarm.oneTime,
    timezone: alarm.timezone,
    adminEnable: alarm.adminEnable,
    enable: alarm.enable,
    emailEnable: alarm.emailEnable,
    textEnable: alarm.textEnable,
    callEnable: alarm.callEnable,
    canEdit: mayEdit(actor, alarm),
    createdAt: alarm.createdAt.toISOString(),
    updatedAt: alarm.updatedAt.toISOString(),
  };
}

/** Alarm rows with their recipients, as the contract's device alarms. */
export async function withRecipients(
  db: Executor,
  actor: Actor,
  rows: repo.AlarmRow[],
): Promise<DeviceAlarm[]> {
  const recipients = await repo.recipientsOfAlarms(
    db,
    rows.map((row) => row.alarm.id),
  );
  return rows.map((row) => toDeviceAlarm(actor, row, recipients));
}

/**
 * Runs a change to alarm definitions in one transaction, then tells this process's alarm engine
 * to reload them, so that the next reading is judged by the new rules.
 */
export async function changeAlarms<T>(ctx: AppContext, work: (tx: Tx) => Promise<T>): Promise<T> {
  const result = await ctx.db.transaction(work);
  alarmDefinitionsChanged(ctx);
  return result;
}
