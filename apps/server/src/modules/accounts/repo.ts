import { and, asc, count, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { accountCondition } from '../../db/query.js';
import type { AccountScope } from '../../lib/scope.js';
import {
  accounts,
  apiKeys,
  devices,
  gateways,
  offlineAlarmSettings,
  sessions,
  users,
} from '../../db/schema/index.js';

export async function insertAccount(
  db: Executor,
  values: { companyName: string; email: string; countryCode: string; phoneNumber: string },
) {
  const [account] = await db.insert(accounts).values(values).returning();
  if (!account) throw new Error('account insert returned nothing');
  await db.insert(offlineAlarmSettings).values({ accountId: account.id });
  return account;
}

export async function findAccount(db: Executor, id: string) {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, id));
  return row;
}

export async function updateAccount(
  db: Executor,
  id: string,
  values: Partial<
    Pick<
      typeof accounts.$inferInsert,
      'temperatureUnit' | 'voiceCall' | 'smsLimit' | 'escalationMinutes'
    >
  >,
) {
  await db
    .update(accounts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(accounts.id, id));
}

export async function activeApiKey(db: Executor, accountId: string) {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.accountId, accountId), isNull(apiKeys.revokedAt)));
  return row;
}

/** Revokes the account's current key and stores the new one's hash. */
export async function replaceApiKey(
  db: Executor,
  values: { accountId: string; keyHash: string; prefix: string; createdBy: string },
) {
  const now = new Date();
  await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.accountId, values.accountId), isNull(apiKeys.revokedAt)));
  const [row] = await db
    .insert(apiKeys)
    .values({ ...values, createdAt: now })
    .returning();
  if (!row) throw new Error('api key insert returned nothing');
  return row;
}

export async function offlineSettings(db: Executor, accountId: string) {
  const [row] = await db
    .select()
    .from(offlineAlarmSettings)
    .where(eq(offlineAlarmSettings.accountId, accountId));
  return row;
}

export async function saveOfflineSettings(
  db: Executor,
  accountId: string,
  values: { offlineAlarmEnable: boolean; maxAlarms: number; alarmFrequency: number },
) {
  const updatedAt = new Date();
  await db
    .insert(offlineAlarmSettings)
    .values({ accountId, ...values, updatedAt })
    .onConflictDoUpdate({ target: offlineAlarmSettings.accountId, set: { ...values, updatedAt } });
}

/** Gateway and device counts, all and offline, of one account or the whole platform. */
export async function inventoryCounts(db: Executor, scope: AccountScope) {
  const gatewayScope = accountCondition(gateways.accountId, scope);
  const deviceScope = accountCondition(devices.accountId, scope);
  const [g] = await db
    .select({
      total: count(),
      offline: sql<number>`count(*) filter (where ${gateways.status} <> 'online')::int`,
    })
    .from(gateways)
    .where(gatewayScope);
  const [d] = await db
    .select({
      total: count(),
      // Inactive equipment is expected to be silent; it does not count as offline.
      offline: sql<number>`count(*) filter (where ${devices.status} <> 'active' and ${devices.equipmentStatus})::int`,
    })
    .from(devices)
    .where(deviceScope);
  return {
    gatewayCount: g?.total ?? 0,
    totalOfflineGateway: g?.offline ?? 0,
    deviceCount: d?.total ?? 0,
    totalOfflineDevices: d?.offline ?? 0,
  };
}

export function listAccounts(db: Executor) {
  return db
    .select({
      id: accounts.id,
      companyName: accounts.companyName,
      email: accounts.email,
      offlineAlarmEnable: offlineAlarmSettings.offlineAlarmEnable,
      alarmSensorName: accounts.alarmSensorName,
      voiceCall: accounts.voiceCall,
      smsLimit: accounts.smsLimit,
      status: accounts.status,
      purgeAfter: accounts.purgeAfter,
      createdAt: accounts.createdAt,
    })
    .from(accounts)
    .leftJoin(offlineAlarmSettings, eq(offlineAlarmSettings.accountId, accounts.id))
    .orderBy(accounts.companyName);
}

/** Disables an active account and sets when it is purged; undefined when it was not active. */
export async function disableAccount(db: Executor, id: string, at: Date, purgeAfter: Date) {
  const [row] = await db
    .update(accounts)
    .set({ status: 'disabled', disabledAt: at, purgeAfter, updatedAt: at })
    .where(and(eq(accounts.id, id), eq(accounts.status, 'active')))
    .returning({ id: accounts.id });
  return row;
}

/** Revokes every open session of the account's people; returns the sessions revoked. */
export async function revokeAccountSessions(db: Executor, accountId: string, at: Date) {
  const people = db.select({ id: users.id }).from(users).where(eq(users.accountId, accountId));
  const rows = await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(inArray(sessions.userId, people), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.map((row) => row.id);
}

/** The account's gateways with how many devices report through each, by name. */
export function accountGateways(db: Executor, accountId: string) {
  return db
    .select({
      id: gateways.id,
      gatewayId: gateways.gatewayId,
      name: gateways.name,
      status: gateways.status,
      lastSeenAt: gateways.lastSeenAt,
      createdAt: gateways.createdAt,
      // Qualified by hand: inside a subquery Drizzle leaves the column names bare.
      deviceCount: sql<number>`(select count(*) from devices d where d.gateway_id = "gateways"."id")::int`,
    })
    .from(gateways)
    .where(eq(gateways.accountId, accountId))
    .orderBy(asc(gateways.name), asc(gateways.gatewayId));
}

/** Disabled accounts whose grace period has ended by `now`. */
export function accountsDueForPurge(db: Executor, now: Date) {
  return db
    .select({ id: accounts.id, companyName: accounts.companyName, email: accounts.email })
    .from(accounts)
    .where(and(eq(accounts.status, 'disabled'), lte(accounts.purgeAfter, now)));
}

/** What a purge removes, counted before it goes. */
export async function accountFootprint(db: Executor, accountId: string) {
  const deviceRows = await db
    .select({ id: devices.id })
    .from(devices)
    .where(eq(devices.accountId, accountId));
  const [gatewayCount] = await db
    .select({ total: count() })
    .from(gateways)
    .where(eq(gateways.accountId, accountId));
  const [userCount] = await db
    .select({ total: count() })
    .from(users)
    .where(eq(users.accountId, accountId));
  return {
    deviceIds: deviceRows.map((row) => row.id),
    gateways: gatewayCount?.total ?? 0,
    users: userCount?.total ?? 0,
  };
}

/**
 * Deletes a disabled account; its users, gateways, devices, alarms, logs and tasks go with it
 * (foreign keys cascade). The audit trail has no foreign key and stays.
 */
export async function deleteDisabledAccount(db: Executor, id: string): Promise<boolean> {
  const rows = await db
    .delete(accounts)
    .where(and(eq(accounts.id, id), eq(accounts.status, 'disabled')))
    .returning({ id: accounts.id });
  return rows.length > 0;
}
