import type {
  AccountMetadata,
  AccountSettings,
  AccountSummary,
  ApiKeyView,
  AssociatedGateway,
  DeletedAccount,
  OfflineAlarmSettings,
  UpdateAccountSettings,
} from '@vigil/contracts';
import { offlineMaxAlarms } from '@vigil/contracts';
import type { AppContext } from '../../context.js';
import { conflict, notFound } from '../../errors.js';
import { subjectOf, type Actor } from '../../lib/actor.js';
import type { Scope } from '../../lib/scope.js';
import { randomToken, sha256 } from '../../lib/secrets.js';
import * as audit from '../audit/index.js';
import * as repo from './repo.js';

/** The caller's own account; routes that call this are guarded to roles that have one. */
async function callerAccount(ctx: AppContext, scope: Scope) {
  const account =
    scope.kind === 'account' ? await repo.findAccount(ctx.db, scope.accountId) : undefined;
  if (!account) throw notFound();
  return account;
}

const settingsOf = (account: {
  temperatureUnit: 'C' | 'F';
  voiceCall: boolean;
  escalationMinutes: number;
}): AccountSettings => ({
  temperatureUnit: account.temperatureUnit,
  voiceCall: account.voiceCall,
  escalationMinutes: account.escalationMinutes,
});

export async function settings(ctx: AppContext, scope: Scope): Promise<AccountSettings> {
  const account = await callerAccount(ctx, scope);
  return settingsOf(account);
}

const escalationText = (minutes: number) => (minutes === 0 ? 'never' : `${minutes} min`);

/** The temperature unit and/or the escalation time; each change is its own audit entry. */
export async function updateSettings(
  ctx: AppContext,
  actor: Actor,
  scope: Scope,
  body: UpdateAccountSettings,
): Promise<AccountSettings> {
  const account = await callerAccount(ctx, scope);
  const values = {
    temperatureUnit: body.temperatureUnit ?? account.temperatureUnit,
    escalationMinutes: body.escalationMinutes ?? account.escalationMinutes,
  };
  await ctx.db.transaction(async (tx) => {
    await repo.updateAccount(tx, account.id, values);
    if (body.temperatureUnit !== undefined)
      await audit.record(tx, subjectOf(actor), {
        event: 'account',
        action: 'update',
        information: `Temperature unit changed from ${account.temperatureUnit} to ${body.temperatureUnit}`,
      });
    if (body.escalationMinutes !== undefined)
      await audit.record(tx, subjectOf(actor), {
        event: 'account',
        action: 'escalation',
        information: `Alarm escalation to the account admins changed from ${escalationText(account.escalationMinutes)} to ${escalationText(body.escalationMinutes)}`,
      });
  });
  return settingsOf({ ...account, ...values });
}

const keyPrefixLength = 8;
const masked = (prefix: string) => `${prefix}${'•'.repeat(24)}`;

export async function apiKey(ctx: AppContext, scope: Scope): Promise<ApiKeyView> {
  const account = await callerAccount(ctx, scope);
  const key = await repo.activeApiKey(ctx.db, account.id);
  return key
    ? { apiKey: masked(key.prefix), createdAt: key.createdAt.toISOString() }
    : { apiKey: null, createdAt: null };
}

/** A new key, shown this once; the previous key stops working in the same transaction. */
export async function createApiKey(
  ctx: AppContext,
  actor: Actor,
  scope: Scope,
): Promise<ApiKeyView> {
  const account = await callerAccount(ctx, scope);
  const key = `vgl_${randomToken(30)}`;
  const prefix = key.slice(0, keyPrefixLength);
  const row = await ctx.db.transaction(async (tx) => {
    const previous = await repo.activeApiKey(tx, account.id);
    const created = await repo.replaceApiKey(tx, {
      accountId: account.id,
      keyHash: sha256(key),
      prefix,
      createdBy: actor.userId,
    });
    await audit.record(tx, subjectOf(actor), {
      event: 'account',
      action: 'apiKey',
      information: previous
        ? `Created API key ${prefix}… and revoked ${previous.prefix}…`
        : `Created API key ${prefix}…`,
    });
    return created;
  });
  return { apiKey: key, createdAt: row.createdAt.toISOString() };
}

export async function offlineSettings(
  ctx: AppContext,
  scope: Scope,
): Promise<OfflineAlarmSettings> {
  const account = await callerAccount(ctx, scope);
  const row = await repo.offlineSettings(ctx.db, account.id);
  return {
    offlineAlarmEnable: row?.offlineAlarmEnable ? 1 : 0,
    maxAlarms: row?.maxAlarms === offlineMaxAlarms.oneTime ? 1 : 24,
    alarmFrequency: (row?.alarmFrequency ?? 60) as OfflineAlarmSettings['alarmFrequency'],
  };
}

export async function saveOfflineSettings(
  ctx: AppContext,
  actor: Actor,
  scope: Scope,
  body: OfflineAlarmSettings,
): Promise<OfflineAlarmSettings> {
  const account = await callerAccount(ctx, scope);
  const values = {
    offlineAlarmEnable: body.offlineAlarmEnable === 1,
    // One-time only means something while offline alarms are on (spec: disabled otherwise).
    maxAlarms: body.offlineAlarmEnable === 1 ? body.maxAlarms : offlineMaxAlarms.repeating,
    alarmFrequency: body.alarmFrequency,
  };
  await ctx.db.transaction(async (tx) => {
    await repo.saveOfflineSettings(tx, account.id, values);
    await audit.record(tx, subjectOf(actor), {
      event: 'account',
      action: 'offlineAlarms',
      information: values.offlineAlarmEnable
        ? `Offline alarms enabled, ${values.maxAlarms === 1 ? 'one-time' : `every ${values.alarmFrequency} min`}`
        : 'Offline alarms disabled',
    });
  });
  return offlineSettings(ctx, scope);
}

export async function accountMetadata(ctx: AppContext, scope: Scope): Promise<AccountMetadata> {
  const account =
    scope.kind === 'account' ? await repo.findAccount(ctx.db, scope.accountId) : undefined;
  const counts = await repo.inventoryCounts(ctx.db, scope);
  return {
    account: account
      ? {
          id: account.id,
          companyName: account.companyName,
          email: account.email,
          createdAt: account.createdAt.toISOString(),
        }
      : null,
    ...counts,
  };
}

export async function listAccounts(ctx: AppContext): Promise<AccountSummary[]> {
  const rows = await repo.listAccounts(ctx.db);
  return rows.map((row) => ({
    ...row,
    offlineAlarmEnable: row.offlineAlarmEnable ? 1 : 0,
    purgeAfter: row.purgeAfter?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
}

async function accountById(ctx: AppContext, id: string) {
  const account = await repo.findAccount(ctx.db, id);
  if (!account) throw notFound();
  return account;
}

/** editVoiceCall: a super_admin turns voice-call alarms on or off for an account. */
export async function setVoiceCall(ctx: AppContext, actor: Actor, id: string, voiceCall: boolean) {
  const account = await accountById(ctx, id);
  await ctx.db.transaction(async (tx) => {
    await repo.updateAccount(tx, account.id, { voiceCall });
    await audit.record(tx, subjectOf(actor), {
      event: 'account',
      action: 'voiceCall',
      information: `Voice call ${voiceCall ? 'enabled' : 'disabled'} for ${account.companyName} (${account.email})`,
    });
  });
  return { id: account.id, voiceCall };
}

/** showAssociatedGateways: the gateways of one account. */
export async function associatedGateways(
  ctx: AppContext,
  id: string,
): Promise<AssociatedGateway[]> {
  const account = await accountById(ctx, id);
  const rows = await repo.accountGateways(ctx.db, account.id);
  return rows.map((row) => ({
    ...row,
    lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
}

/**
 * Deleting an account disables it at once: its people can no longer sign in and their sessions
 * end, its gateways' messages and its API key are refused. Its data stays for the grace period
 * (ACCOUNT_PURGE_GRACE_DAYS), then the hourly `accounts.purge` sweep deletes it.
 */
export async function deleteAccount(
  ctx: AppContext,
  actor: Actor,
  id: string,
): Promise<DeletedAccount> {
  const account = await accountById(ctx, id);
  if (account.status !== 'active') throw conflict('accountAlreadyDeleted');
  const now = new Date();
  const purgeAfter = new Date(now.getTime() + ctx.config.accountPurgeGraceDays * 86_400_000);
  const revoked = await ctx.db.transaction(async (tx) => {
    if (!(await repo.disableAccount(tx, account.id, now, purgeAfter)))
      throw conflict('accountAlreadyDeleted');
    const sessionIds = await repo.revokeAccountSessions(tx, account.id, now);
    const information = `Deleted account ${account.companyName} (${account.email}): disabled now, ${sessionIds.length} sessions ended, data purged after ${purgeAfter.toISOString()}`;
    await audit.record(tx, subjectOf(actor), { event: 'account', action: 'delete', information });
    // The account's own trail says so too, for whoever audits that account later.
    await audit.record(
      tx,
      { ...subjectOf(actor), accountId: account.id, accountName: account.companyName },
      { event: 'account', action: 'delete', information },
    );
    return sessionIds;
  });
  for (const sessionId of revoked) ctx.realtime.endSession(sessionId);
  const hub = ctx.ingest;
  const accountGateways = await repo.accountGateways(ctx.db, account.id);
  for (const gateway of accountGateways) hub.directory.forgetGateway(gateway.gatewayId);
  // Their broker accounts are disabled too (MQTT_AUTH=dynsec): connected gateways are dropped.
  await hub.brokerAccounts.changed(accountGateways.map((gateway) => gateway.gatewayId));
  return {
    id: account.id,
    status: 'disabled',
    disabledAt: now.toISOString(),
    purgeAfter: purgeAfter.toISOString(),
  };
}
