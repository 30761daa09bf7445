import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { accountCondition } from '../../../db/query.js';
import type { OwnScope, Scope } from '../../../lib/scope.js';
import { accounts, alarms, alarmUsers, devices, users } from '../../../db/schema/index.js';
import { assignedTo } from '../../../db/assignments.js';

/**
 * Whose alarms a query sees: one account (or every account for a platform administrator);
 * a `user` only the alarms of devices assigned to them.
 */
export type AlarmScope = Scope;

const assignedCondition = (scope: Scope): SQL | undefined =>
  scope.kind === 'platform' || scope.assignedTo === null ? undefined : assignedTo(scope.assignedTo);

export type AlarmValues = Omit<
  typeof alarms.$inferInsert,
  'id' | 'accountId' | 'deviceId' | 'createdAt' | 'updatedAt'
>;
export type RecipientValues = {
  userId: string | null;
  email: string;
  countryCode: string;
  phoneNumber: string;
};

export type AlarmDevice = {
  id: string;
  deviceId: string;
  name: string;
  spillSensor: boolean;
  nodeType: number | null;
  /** The latest reading carries a lux value (light_s): the device has a light sensor. */
  hasLight: boolean;
};

const deviceColumns = {
  id: devices.id,
  deviceId: devices.deviceId,
  name: devices.name,
  spillSensor: devices.spillSensor,
  nodeType: devices.nodeType,
  hasLight: sql<boolean>`coalesce(jsonb_typeof(${devices.latestData} -> 'light_s') = 'number', false)`,
};

/** The account's devices among `ids` (only those assigned to `scope.assignedTo` for a user). */
export async function findDevices(
  db: Executor,
  scope: OwnScope,
  ids: string[],
): Promise<AlarmDevice[]> {
  if (ids.length === 0) return [];
  return db
    .select(deviceColumns)
    .from(devices)
    .where(
      and(
        eq(devices.accountId, scope.accountId),
        inArray(devices.id, ids),
        assignedCondition(scope),
      ),
    );
}

export async function accountVoiceCall(db: Executor, accountId: string): Promise<boolean> {
  const [row] = await db
    .select({ voiceCall: accounts.voiceCall })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row?.voiceCall ?? false;
}

/** The account's users among `ids`, with the contact details notifications go to. */
export function accountUsers(db: Executor, accountId: string, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: users.id,
      email: users.email,
      countryCode: users.countryCode,
      phoneNumber: users.phoneNumber,
    })
    .from(users)
    .where(and(eq(users.accountId, accountId), inArray(users.id, ids)));
}

const alarmSelection = {
  alarm: alarms,
  device: { id: devices.id, deviceId: devices.deviceId, name: devices.name },
  accountName: accounts.companyName,
};
export type AlarmRow = {
  alarm: typeof alarms.$inferSelect;
  device: { id: string; deviceId: string; name: string };
  accountName: string;
};

function scopeConditions(scope: AlarmScope): SQL | undefined {
  return and(accountCondition(alarms.accountId, scope), assignedCondition(scope));
}

export async function findAlarm(
  db: Executor,
  scope: AlarmScope,
  id: string,
): Promise<AlarmRow | undefined> {
  const [row] = await db
    .select(alarmSelection)
    .from(alarms)
    .innerJoin(devices, eq(devices.id, alarms.deviceId))
    .innerJoin(accounts, eq(accounts.id, alarms.accountId))
    .where(and(eq(alarms.id, id), scopeConditions(scope)));
  return row;
}

export type AlarmFilter = {
  deviceId?: string;
  kind?: 'threshold' | 'light';
  profileId?: string;
  search?: string;
};

/** Alarms in scope, newest first; `page` undefined lists them all. */
export async function listAlarms(
  db: Executor,
  scope: AlarmScope,
  filter: AlarmFilter,
  page?: { page: number; pageSize: number },
): Promise<{ rows: AlarmRow[]; total: number }> {
  const where = and(
    scopeConditions(scope),
    filter.deviceId === undefined ? undefined : eq(alarms.deviceId, filter.deviceId),
    filter.kind === undefined ? undefined : eq(alarms.kind, filter.kind),
    filter.profileId === undefined ? undefined : eq(alarms.profileId, filter.profileId),
    filter.search ? ilike(alarms.name, `%${filter.search.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
  );
  const query = db
    .select(alarmSelection)
    .from(alarms)
    .innerJoin(devices, eq(devices.id, alarms.deviceId))
    .innerJoin(accounts, eq(accounts.id, alarms.accountId))
    .where(where)
    .orderBy(desc(alarms.createdAt), desc(alarms.id));
  const rows = await (page === undefined
    ? query
    : query.limit(page.pageSize).offset((page.page - 1) * page.pageSize));
  const [total] = await db
    .select({ n: count() })
    .from(alarms)
    .innerJoin(devices, eq(devices.id, alarms.deviceId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

export type RecipientRow = {
  id: string;
  alarmId: string | null;
  profileId: string | null;
  userId: string | null;
  name: string | null;
  email: string;
  countryCode: string;
  phoneNumber: string;
};

const recipientSelection = {
  id: alarmUsers.id,
  alarmId: alarmUsers.alarmId,
  profileId: alarmUsers.profileId,
  userId: alarmUsers.userId,
  name: users.name,
  email: alarmUsers.email,
  countryCode: alarmUsers.countryCode,
  phoneNumber: alarmUsers.phoneNumber,
};

/** Account users first, then contacts by email: stable for rows written in one statement. */
const recipientOrder = [
  asc(alarmUsers.createdAt),
  sql`${alarmUsers.userId} is null`,
  asc(alarmUsers.email),
  asc(alarmUsers.id),
];

export async function recipientsOfAlarms(
  db: Executor,
  alarmIds: string[],
): Promise<RecipientRow[]> {
  if (alarmIds.length === 0) return [];
  return db
    .select(recipientSelection)
    .from(alarmUsers)
    .leftJoin(users, eq(users.id, alarmUsers.userId))
    .where(inArray(alarmUsers.alarmId, alarmIds))
    .orderBy(...recipientOrder);
}

export async function recipientsOfProfiles(
  db: Executor,
  profileIds: string[],
): Promise<RecipientRow[]> {
  if (profileIds.length === 0) return [];
  return db
    .select(recipientSelection)
    .from(alarmUsers)
    .leftJoin(users, eq(users.id, alarmUsers.userId))
    .where(inArray(alarmUsers.profileId, profileIds))
    .orderBy(...recipientOrder);
}

export async function insertAlarm(
  tx: Executor,
  accountId: string,
  deviceId: string,
  values: AlarmValues,
): Promise<string> {
  const [row] = await tx
    .insert(alarms)
    .values({ ...values, accountId, deviceId })
    .returning({ id: alarms.id });
  if (!row) throw new Error('alarm insert returned nothing');
  return row.id;
}

export async function updateAlarm(
  tx: Executor,
  accountId: string,
  id: string,
  values: Partial<AlarmValues>,
): Promise<void> {
  await tx
    .update(alarms)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(alarms.accountId, accountId), eq(alarms.id, id)));
}

export async function deleteAlarms(tx: Executor, accountId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.delete(alarms).where(and(eq(alarms.accountId, accountId), inArray(alarms.id, ids)));
}

/** Replaces the recipients of an alarm or of a profile. */
export async function replaceRecipients(
  tx: Executor,
  owner: { alarmId: string } | { profileId: string },
  recipients: RecipientValues[],
): Promise<void> {
  await tx
    .delete(alarmUsers)
    .where(
      'alarmId' in owner
        ? eq(alarmUsers.alarmId, owner.alarmId)
        : eq(alarmUsers.profileId, owner.profileId),
    );
  if (recipients.length === 0) return;
  await tx.insert(alarmUsers).values(recipients.map((recipient) => ({ ...recipient, ...owner })));
}
