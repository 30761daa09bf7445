import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  accounts,
  alarmEvents,
  alarms,
  alarmUsers,
  devices,
  locations,
  messageTemplateRelations,
  messageTemplates,
  notifications,
  users,
  webhooks,
} from '../../db/schema/index.js';

/** The event with its device, location and account: what every message of it needs. */
export async function findEventFacts(db: Executor, eventId: string) {
  const [row] = await db
    .select({
      event: alarmEvents,
      deviceName: devices.name,
      deviceId: devices.deviceId,
      locationName: locations.name,
      unit: accounts.temperatureUnit,
      voiceCall: accounts.voiceCall,
    })
    .from(alarmEvents)
    .innerJoin(devices, eq(devices.id, alarmEvents.deviceId))
    .innerJoin(accounts, eq(accounts.id, alarmEvents.accountId))
    .leftJoin(locations, eq(locations.id, devices.locationId))
    .where(eq(alarmEvents.id, eventId));
  return row;
}

export async function findAlarm(db: Executor, accountId: string, alarmId: string) {
  const [row] = await db
    .select()
    .from(alarms)
    .where(and(eq(alarms.accountId, accountId), eq(alarms.id, alarmId)));
  return row;
}

export type RecipientRow = {
  userId: string | null;
  email: string;
  phone: string;
  language: 'en' | 'pl' | 'de' | null;
};

/**
 * The alarm's recipients: its own `alarm_users`, or its profile's when it has none. Account
 * users are read from `users` (their current email, phone and language) and only when they
 * belong to the alarm's account; contacts carry their own email and phone.
 */
export async function alarmRecipients(
  db: Executor,
  accountId: string,
  alarm: { id: string; profileId: string | null },
): Promise<RecipientRow[]> {
  const owner = alarm.profileId
    ? or(eq(alarmUsers.alarmId, alarm.id), eq(alarmUsers.profileId, alarm.profileId))
    : eq(alarmUsers.alarmId, alarm.id);
  const rows = await db
    .select({
      alarmId: alarmUsers.alarmId,
      userId: alarmUsers.userId,
      contactEmail: alarmUsers.email,
      countryCode: alarmUsers.countryCode,
      phoneNumber: alarmUsers.phoneNumber,
      userAccountId: users.accountId,
      userEmail: users.email,
      userCountryCode: users.countryCode,
      userPhoneNumber: users.phoneNumber,
      userLanguage: users.language,
    })
    .from(alarmUsers)
    .leftJoin(users, eq(users.id, alarmUsers.userId))
    .where(owner)
    .orderBy(asc(alarmUsers.createdAt), asc(alarmUsers.id));
  const own = rows.filter((row) => row.alarmId === alarm.id);
  const chosen = own.length > 0 ? own : rows;
  const recipients: RecipientRow[] = [];
  for (const row of chosen) {
    if (row.userId) {
      if (row.userAccountId !== accountId) continue;
      recipients.push({
        userId: row.userId,
        email: row.userEmail ?? '',
        phone: phoneOf(row.userCountryCode ?? '', row.userPhoneNumber ?? ''),
        language: row.userLanguage,
      });
    } else {
      recipients.push({
        userId: null,
        email: row.contactEmail,
        phone: phoneOf(row.countryCode, row.phoneNumber),
        language: null,
      });
    }
  }
  return recipients;
}

/** The account's admins (its super_users): `adminEnable` recipients and escalations. */
export async function accountAdmins(db: Executor, accountId: string): Promise<RecipientRow[]> {
  const rows = await db
    .select({
      userId: users.id,
      email: users.email,
      countryCode: users.countryCode,
      phoneNumber: users.phoneNumber,
      language: users.language,
    })
    .from(users)
    .where(
      and(
        eq(users.accountId, accountId),
        eq(users.role, 'super_user'),
        eq(users.isActivated, true),
      ),
    )
    .orderBy(asc(users.createdAt), asc(users.id));
  return rows.map((row) => ({
    userId: row.userId,
    email: row.email,
    phone: phoneOf(row.countryCode, row.phoneNumber),
    language: row.language,
  }));
}

export function phoneOf(countryCode: string, number: string): string {
  const digits = number.replace(/[^\d]/g, '');
  if (!digits) return '';
  return `${countryCode.trim()}${digits}`;
}

export function enabledWebhooks(db: Executor, accountId: string) {
  return db
    .select({ id: webhooks.id, url: webhooks.url })
    .from(webhooks)
    .where(and(eq(webhooks.accountId, accountId), eq(webhooks.enable, true)))
    .orderBy(asc(webhooks.createdAt));
}

/** The templates chosen by these users for a message type, per method. */
export async function chosenTemplates(db: Executor, userIds: string[], type: string) {
  if (userIds.length === 0) return [];
  return db
    .select({
      userId: messageTemplateRelations.userId,
      method: messageTemplateRelations.method,
      template: messageTemplates.template,
    })
    .from(messageTemplateRelations)
    .innerJoin(messageTemplates, eq(messageTemplates.id, messageTemplateRelations.templateId))
    .where(
      and(
        inArray(messageTemplateRelations.userId, userIds),
        eq(messageTemplateRelations.type, type as 'TEMPERATURE'),
      ),
    );
}

/** The platform's default templates by title. */
export function platformTemplates(db: Executor, titles: string[]) {
  return db
    .select({ title: messageTemplates.title, template: messageTemplates.template })
    .from(messageTemplates)
    .where(and(isNull(messageTemplates.accountId), inArray(messageTemplates.title, titles)));
}

export type NewNotification = typeof notifications.$inferInsert & { id: string };

/** Inserts the rows that do not exist yet; returns the ids it inserted. */
export async function insertNotifications(
  db: Executor,
  rows: NewNotification[],
): Promise<string[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insert(notifications)
    .values(rows)
    .onConflictDoNothing({ target: notifications.id })
    .returning({ id: notifications.id });
  return inserted.map((row) => row.id);
}
