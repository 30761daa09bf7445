import { and, count, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { accountCondition, queryRows } from '../../db/query.js';
import type { AccountScope } from '../../lib/scope.js';
import { accounts, alarmUsers, deviceUsers, reportUsers, users } from '../../db/schema/index.js';

type NewUser = typeof users.$inferInsert;

const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  countryCode: users.countryCode,
  phoneNumber: users.phoneNumber,
  usr: users.usr,
  role: users.role,
  language: users.language,
  isActivated: users.isActivated,
  accountId: users.accountId,
  accountName: accounts.companyName,
  parentId: users.parentId,
  createdAt: users.createdAt,
};

export type UserRow = {
  id: string;
  name: string;
  email: string;
  countryCode: string;
  phoneNumber: string;
  usr: string;
  role: 'super_admin' | 'super_user' | 'user';
  language: 'en' | 'pl' | 'de';
  isActivated: boolean;
  accountId: string | null;
  accountName: string | null;
  parentId: string | null;
  createdAt: Date;
};

export async function emailExists(
  db: Executor,
  email: string,
  exceptUserId?: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), exceptUserId ? ne(users.id, exceptUserId) : undefined));
  return row !== undefined;
}

export async function insertUser(db: Executor, values: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  if (!row) throw new Error('user insert returned nothing');
  const user = await selectUser(db, eq(users.id, row.id));
  if (!user) throw new Error('inserted user not found');
  return user;
}

/** The one user `where` selects, with its account's name. */
async function selectUser(db: Executor, where: SQL | undefined): Promise<UserRow | undefined> {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .leftJoin(accounts, eq(accounts.id, users.accountId))
    .where(where);
  return row;
}

/** A user of the scope's account (of any account, and the platform's own, for every account). */
export function findUser(
  db: Executor,
  scope: AccountScope,
  id: string,
): Promise<UserRow | undefined> {
  return selectUser(db, and(eq(users.id, id), accountCondition(users.accountId, scope)));
}

export function findByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  return selectUser(db, eq(users.email, email));
}

export type UserListFilter = {
  role?: 'super_user' | 'user';
  parentId?: string;
  excludeUserId?: string;
  search?: string;
};

function listConditions(scope: AccountScope, filter: UserListFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    accountCondition(users.accountId, scope),
    filter.role === undefined ? undefined : eq(users.role, filter.role),
    filter.parentId === undefined ? undefined : eq(users.parentId, filter.parentId),
    filter.excludeUserId === undefined ? undefined : ne(users.id, filter.excludeUserId),
  ];
  if (filter.search) {
    const pattern = `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      or(
        ilike(users.name, pattern),
        ilike(users.email, pattern),
        ilike(users.phoneNumber, pattern),
        ilike(accounts.companyName, pattern),
      ),
    );
  }
  return and(...conditions);
}

export async function listUsers(
  db: Executor,
  scope: AccountScope,
  filter: UserListFilter,
  page: number,
  pageSize: number,
) {
  const where = listConditions(scope, filter);
  const rows = await db
    .select(userColumns)
    .from(users)
    .leftJoin(accounts, eq(accounts.id, users.accountId))
    .where(where)
    .orderBy(desc(users.createdAt), users.id)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await db
    .select({ n: count() })
    .from(users)
    .leftJoin(accounts, eq(accounts.id, users.accountId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

/** The people of the scope's account; for every account, everyone but the platform administrators. */
export function listUserIds(db: Executor, scope: AccountScope) {
  return db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role })
    .from(users)
    .where(
      scope.kind === 'platform'
        ? ne(users.role, 'super_admin')
        : eq(users.accountId, scope.accountId),
    )
    .orderBy(users.name);
}

export async function updateUser(
  db: Executor,
  id: string,
  values: Partial<
    Pick<
      NewUser,
      'name' | 'email' | 'countryCode' | 'phoneNumber' | 'usr' | 'language' | 'alarmSoundMuted'
    >
  >,
) {
  await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id));
}

export async function deleteUser(db: Executor, id: string) {
  await db.delete(users).where(eq(users.id, id));
}

/** Devices, alarms and reports that name the user; a user with any of them cannot be deleted. */
export async function assignmentCount(db: Executor, userId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`
    select (
      (select count(*) from ${deviceUsers} where ${deviceUsers.userId} = ${userId}) +
      (select count(*) from ${alarmUsers} where ${alarmUsers.userId} = ${userId}) +
      (select count(*) from ${reportUsers} where ${reportUsers.userId} = ${userId})
    )::int as n`,
  );
  return row?.n ?? 0;
}

export async function ownerCount(db: Executor, accountId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.accountId, accountId), eq(users.role, 'super_user')));
  return row?.n ?? 0;
}

/** The account's owners (its super_users), activated or not, with how to write to them. */
export function accountOwners(db: Executor, accountId: string) {
  return db
    .select({ id: users.id, name: users.name, email: users.email, language: users.language })
    .from(users)
    .where(and(eq(users.accountId, accountId), eq(users.role, 'super_user')));
}

/** The language a person chose; undefined for no such person. */
export async function languageOf(
  db: Executor,
  id: string,
): Promise<UserRow['language'] | undefined> {
  const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, id));
  return row?.language;
}

/** The person's own settings: their camera link and whether their alarm sound is muted. */
export async function personalSettings(
  db: Executor,
  id: string,
): Promise<{ cameraUrl: string | null; alarmSoundMuted: boolean }> {
  const [row] = await db
    .select({ cameraUrl: users.cameraUrl, alarmSoundMuted: users.alarmSoundMuted })
    .from(users)
    .where(eq(users.id, id));
  return { cameraUrl: row?.cameraUrl ?? null, alarmSoundMuted: row?.alarmSoundMuted ?? false };
}
