import type {
  addUserBody,
  updateUserBody,
  User,
  userListQuery,
  UserMetadata,
} from '@vigil/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { AppError, badRequest, conflict, notFound } from '../../errors.js';
import { subjectOf, type Actor } from '../../lib/actor.js';
import * as audit from '../audit/index.js';
import type { Scope } from '../../lib/scope.js';
import { findAccount } from '../accounts/index.js';
import { issueTokenMail } from './tokens.js';
import * as repo from './repo.js';
import type { UserRow } from './repo.js';

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    countryCode: row.countryCode,
    phoneNumber: row.phoneNumber,
    usr: row.usr,
    role: row.role,
    isActivated: row.isActivated,
    accountId: row.accountId,
    companyName: row.accountName,
    parentId: row.parentId,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A user the caller may manage: one of their own account, or anyone for a super_admin; else 404. */
async function managedUser(db: Executor, scope: Scope, id: string): Promise<UserRow> {
  const user = await repo.findUser(db, scope, id);
  if (!user) throw notFound();
  return user;
}

/**
 * The signed-in user's own record with their account's display settings
 * (`GET /api/user/metadata`), read in the caller's scope.
 */
export async function userMetadata(
  ctx: AppContext,
  actor: Actor,
  scope: Scope,
): Promise<UserMetadata> {
  const user = await repo.findUser(ctx.db, scope, actor.userId);
  if (!user) throw notFound();
  const account = user.accountId ? await findAccount(ctx.db, user.accountId) : undefined;
  const settings = await repo.personalSettings(ctx.db, user.id);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    language: user.language,
    accountId: user.accountId,
    companyName: user.accountName,
    temperatureUnit: account?.temperatureUnit ?? 'C',
    voiceCall: account?.voiceCall ?? false,
    cameraUrl: settings.cameraUrl,
    alarmSoundMuted: settings.alarmSoundMuted,
  };
}

/**
 * The users page of `id` (the caller's own id): a super_admin sees every account owner,
 * a super_user the other users of their account.
 */
export async function list(
  ctx: AppContext,
  actor: Actor,
  scope: Scope,
  id: string,
  query: z.output<typeof userListQuery>,
) {
  if (id !== actor.userId) throw notFound();
  const filter: repo.UserListFilter =
    scope.kind === 'platform' ? { role: 'super_user' } : { excludeUserId: actor.userId };
  const { rows, total } = await repo.listUsers(
    ctx.db,
    scope,
    { ...filter, search: query.searchString },
    query.page,
    query.pageSize,
  );
  const totalPages = Math.max(1, Math.ceil(total / query.pageSize));
  return {
    list: rows.map(toUser),
    meta: {
      pagination: {
        page: query.page,
        pageSize: query.pageSize,
        total,
        totalPages,
        currentPage: query.page,
      },
    },
  };
}

export async function add(
  ctx: AppContext,
  actor: Actor,
  scope: Scope,
  body: z.output<typeof addUserBody>,
): Promise<User> {
  const { db } = ctx;
  let accountId: string;
  let role: 'super_user' | 'user';
  if (scope.kind === 'platform') {
    if (body.accountId === undefined) throw badRequest('accountRequired', 'accountId');
    accountId = body.accountId;
    // A platform administrator adds account owners; the role is not theirs to choose.
    role = 'super_user';
  } else {
    if (body.accountId !== undefined && body.accountId !== scope.accountId) throw notFound();
    accountId = scope.accountId;
    role = body.role;
  }
  const created = await db.transaction(async (tx) => {
    const account = await findAccount(tx, accountId);
    if (!account) throw notFound();
    if (await repo.emailExists(tx, body.email)) throw conflict('emailTaken', 'email');
    const user = await repo.insertUser(tx, {
      accountId,
      parentId: actor.userId,
      name: body.name,
      email: body.email,
      passwordHash: null,
      role,
      countryCode: body.countryCode,
      phoneNumber: body.phoneNumber,
      usr: body.usr,
      language: body.language,
      isActivated: false,
    });
    await issueTokenMail(ctx, tx, 'invite', user, {
      inviter: actor.name,
      company: account.companyName,
    });
    await audit.record(
      tx,
      { ...subjectOf(actor), accountId, accountName: account.companyName },
      {
        event: 'user',
        action: 'create',
        information: `Added ${role} ${user.email} (${user.name}) and sent an invitation`,
      },
    );
    return user;
  });
  ctx.jobsEnqueued();
  return toUser(created);
}

const describeChanges = (before: UserRow, after: Record<string, string | undefined>) =>
  Object.entries(after)
    .filter(([key, value]) => value !== undefined && value !== before[key as keyof UserRow])
    .map(
      ([key, value]) => `${key}: "${String(before[key as keyof UserRow])}" -> "${String(value)}"`,
    )
    .join(', ');

export async function update(
  ctx: AppContext,
  actor: Actor,
  scope: Scope,
  id: string,
  body: z.output<typeof updateUserBody>,
): Promise<User> {
  const updated = await ctx.db.transaction(async (tx) => {
    const user = await managedUser(tx, scope, id);
    const emailChanges = body.email !== undefined && body.email !== user.email;
    if (emailChanges && actor.role !== 'super_admin')
      throw new AppError(403, 'emailReadOnly', 'email');
    if (emailChanges && (await repo.emailExists(tx, body.email ?? '', id)))
      throw conflict('emailTaken', 'email');
    const values = {
      name: body.name,
      email: emailChanges ? body.email : undefined,
      countryCode: body.countryCode,
      phoneNumber: body.phoneNumber,
      usr: body.usr,
      language: body.language,
    };
    const changes = describeChanges(user, values);
    await repo.updateUser(tx, id, values);
    await audit.record(
      tx,
      { ...subjectOf(actor), accountId: user.accountId, accountName: user.accountName },
      {
        event: 'user',
        action: 'update',
        information: `Updated ${user.email}${changes ? `: ${changes}` : ' (no changes)'}`,
      },
    );
    return repo.findUser(tx, scope, id);
  });
  if (!updated) throw notFound();
  return toUser(updated);
}

export async function remove(
  ctx: AppContext,
  actor: Actor,
  scope: Scope,
  id: string,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const user = await managedUser(tx, scope, id);
    if (user.id === actor.userId) throw badRequest('cannotDeleteSelf');
    if ((await repo.assignmentCount(tx, id)) > 0) throw conflict('cannotDeleteUser');
    if (
      user.role === 'super_user' &&
      user.accountId &&
      (await repo.ownerCount(tx, user.accountId)) <= 1
    ) {
      throw conflict('lastOwner');
    }
    await repo.deleteUser(tx, id);
    await audit.record(
      tx,
      { ...subjectOf(actor), accountId: user.accountId, accountName: user.accountName },
      {
        event: 'user',
        action: 'delete',
        information: `Deleted ${user.role} ${user.email} (${user.name})`,
      },
    );
  });
}

/** The users a person created; a super_user may look only inside their own account. */
export async function subUsers(
  ctx: AppContext,
  actor: Actor,
  scope: Scope,
  parentId: string | undefined,
) {
  const parent = await managedUser(ctx.db, scope, parentId ?? actor.userId);
  const { rows } = await repo.listUsers(ctx.db, scope, { parentId: parent.id }, 1, 1000);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    countryCode: row.countryCode,
    phoneNumber: row.phoneNumber,
    createdAt: row.createdAt.toISOString(),
  }));
}

export function userIds(ctx: AppContext, scope: Scope) {
  return repo.listUserIds(ctx.db, scope);
}

/** The person's own preferences (the alarm sound), audited as any change they make. */
export async function setPreferences(
  ctx: AppContext,
  actor: Actor,
  preferences: { alarmSoundMuted: boolean },
) {
  await ctx.db.transaction(async (tx) => {
    await repo.updateUser(tx, actor.userId, preferences);
    await audit.record(tx, subjectOf(actor), {
      event: 'user',
      action: 'update',
      information: `${actor.email} ${preferences.alarmSoundMuted ? 'muted' : 'unmuted'} the alarm sound`,
    });
  });
}

export async function setLanguage(ctx: AppContext, actor: Actor, language: 'en' | 'pl' | 'de') {
  await ctx.db.transaction(async (tx) => {
    await repo.updateUser(tx, actor.userId, { language });
    await audit.record(tx, subjectOf(actor), {
      event: 'user',
      action: 'update',
      information: `${actor.email} changed their language to ${language}`,
    });
  });
}
