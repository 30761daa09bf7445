import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';
import {
  accounts,
  alarmEvents,
  alarms,
  alarmUsers,
  devices,
  locations,
  notifications,
  users,
} from '../../src/db/schema/index.js';
import { enqueue } from '../../src/jobs/queue.js';
import {
  alarmNotifyJob,
  alarmNotifySingletonKey,
  type AlarmNotifyPayload,
} from '../../src/modules/notifications/alarm-notify.js';
import { createAccountWithOwner } from './fixtures.js';

export type Lab = Awaited<ReturnType<typeof createLab>>;

/** An account with an owner, a device in a location, an alarm and its recipients. */
export async function createLab(
  db: Db,
  options: {
    unit?: 'C' | 'F';
    voiceCall?: boolean;
    smsLimit?: number;
    alarm?: Partial<typeof alarms.$inferInsert>;
    contacts?: { email: string; phoneNumber: string }[];
  },
) {
  const tag = randomUUID().slice(0, 8);
  const { account, owner } = await createAccountWithOwner(
    db,
    `Lab ${tag}`,
    `owner-${tag}@lab.example`,
  );
  await db
    .update(accounts)
    .set({
      temperatureUnit: options.unit ?? 'C',
      voiceCall: options.voiceCall ?? false,
      smsLimit: options.smsLimit ?? 100,
    })
    .where(eq(accounts.id, account.id));
  await db.update(users).set({ language: 'en' }).where(eq(users.id, owner.id));
  const [location] = await db
    .insert(locations)
    .values({ accountId: account.id, name: 'Cold Room 2' })
    .returning();
  const [device] = await db
    .insert(devices)
    .values({
      accountId: account.id,
      deviceId: `aa:bb:${tag.slice(0, 2)}:${tag.slice(2, 4)}:${tag.slice(4, 6)}:${tag.slice(6, 8)}`,
      name: 'Vaccine fridge',
      locationId: location!.id,
    })
    .returning();
  const [alarm] = await db
    .insert(alarms)
    .values({
      accountId: account.id,
      deviceId: device!.id,
      name: 'Fridge too warm',
      tempEnabled: true,
      minTemp: 2,
      maxTemp: 8,
      emailEnable: true,
      ...options.alarm,
    })
    .returning();
  await db.insert(alarmUsers).values([
    { alarmId: alarm!.id, userId: owner.id },
    ...(options.contacts ?? []).map((contact) => ({
      alarmId: alarm!.id,
      email: contact.email,
      countryCode: '+44',
      phoneNumber: contact.phoneNumber,
    })),
  ]);
  return { account, owner, device: device!, alarm: alarm! };
}

/** Stores a raised temperature event of the lab's alarm and enqueues its notification. */
export async function raise(db: Db, lab: Lab, value = 9.4): Promise<AlarmNotifyPayload> {
  const [event] = await db
    .insert(alarmEvents)
    .values({
      accountId: lab.account.id,
      deviceId: lab.device.id,
      alarmId: lab.alarm.id,
      type: 'temperature',
      value,
      min: 2,
      max: 8,
      readingTs: new Date(),
      raisedAt: new Date(),
    })
    .returning();
  const payload = { eventId: event!.id, occasion: 'raised' as const, sequence: 1 };
  await enqueue(db, alarmNotifyJob, payload, { singletonKey: alarmNotifySingletonKey(payload) });
  return payload;
}

export const rowsOf = (db: Db, eventId: string) =>
  db.select().from(notifications).where(eq(notifications.alarmEventId, eventId));
