import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  accounts,
  apiKeys,
  devices,
  gateways,
  offlineAlarmSettings,
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
  values: Partial<Pick<typeof accounts.$inferInsert, 'temperatureUnit' | 'voiceCall' | 'smsLimit'>>,
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

/** Gateway and device counts, all and offline, of one account or (undefined) the platform. */
export async function inventoryCounts(db: Executor, accountId: string | undefined) {
  const gatewayScope = accountId === undefined ? undefined : eq(gateways.accountId, accountId);
  const deviceScope = accountId === undefined ? undefined : eq(devices.accountId, accountId);
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
      createdAt: accounts.createdAt,
    })
    .from(accounts)
    .leftJoin(offlineAlarmSettings, eq(offlineAlarmSettings.accountId, accounts.id))
    .orderBy(accounts.companyName);
}
