import type { Gateway, gatewayBody, gatewayListQuery, gatewayUpdateBody } from '@vigil/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { conflict, notFound } from '../../errors.js';
import { subjectOf, type Actor } from '../../lib/actor.js';
import * as audit from '../audit/index.js';
import { requireUnlocked } from '../auth/index.js';
import { csvHeaders, toCsv } from '../../lib/list-csv.js';
import { pagination } from '../../lib/pagination.js';
import { mqttConnection, newSecret } from './credentials.js';
import * as repo from './repo.js';
import {
  type AccountScope,
  allAccounts,
  inAccount,
  ownAccount,
  ownListAccount,
  type Scope,
} from '../../lib/scope.js';

export { verifyGatewaySecret } from './credentials.js';

type GatewayUpdate = z.output<typeof gatewayUpdateBody>;
type ListQuery = z.output<typeof gatewayListQuery>;

export function toGateway(row: repo.GatewayRow): Gateway {
  return {
    id: row.id,
    gatewayId: row.gatewayId,
    name: row.name,
    loraFreq: row.loraFreq,
    status: row.status,
    lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
    deviceCount: row.deviceCount,
    account: { id: row.accountId, companyName: row.companyName, email: row.accountEmail },
    esp32LastVersion: row.esp32LastVersion,
    esp32NewVersion: row.esp32NewVersion,
    loraLastVersion: row.loraLastVersion,
    loraNewVersion: row.loraNewVersion,
    nextionLastVersion: row.nextionLastVersion,
    nextionNewVersion: row.nextionNewVersion,
    loraMainStatus: row.loraMainStatus,
    mainOtaStatus: row.mainOtaStatus,
    nextionStatus: row.nextionStatus,
    createdAt: row.createdAt.toISOString(),
  };
}

async function ownGateway(db: Executor, accountId: string, id: string) {
  const row = await repo.findGateway(db, accountId, id);
  if (!row) throw notFound();
  return row;
}

async function listPage(ctx: AppContext, scope: AccountScope, query: ListQuery) {
  const filter = { search: query.search };
  const { rows, total } = await repo.listGateways(
    ctx.db,
    scope,
    filter,
    query.page,
    query.pageSize,
  );
  return {
    list: rows.map(toGateway),
    meta: { pagination: pagination(query.page, query.pageSize, total) },
  };
}

/** The gateways of user `id` (the caller): their account's. */
export function list(ctx: AppContext, actor: Actor, scope: Scope, id: string, query: ListQuery) {
  const { accountId } = ownListAccount(scope, actor.userId, id);
  return listPage(ctx, inAccount(accountId), query);
}

/** Every account's gateways, for the platform administrator. */
export function globalList(ctx: AppContext, query: ListQuery) {
  return listPage(ctx, allAccounts, query);
}

const gatewayCsvColumns = [
  { header: 'Gateway ID', value: (row: repo.GatewayRow) => row.gatewayId },
  { header: 'Name', value: (row: repo.GatewayRow) => row.name },
  { header: 'Frequency', value: (row: repo.GatewayRow) => row.loraFreq },
  { header: 'Created at', value: (row: repo.GatewayRow) => row.createdAt.toISOString() },
] as const;

/** gatewayList.csv: the account's gateways as the gateways page shows them. */
export async function csv(ctx: AppContext, scope: Scope) {
  const rows = await repo.allGateways(ctx.db, inAccount(ownAccount(scope).accountId));
  return { headers: csvHeaders('gatewayList.csv'), body: toCsv(gatewayCsvColumns, rows) };
}

/** After the commit: the broker's accounts follow (MQTT_AUTH=dynsec), retried if it is away. */
function brokerAccountsChanged(ctx: AppContext, gatewayIds: string[]): Promise<void> {
  return ctx.ingest.brokerAccounts.changed(gatewayIds);
}

function credentials(ctx: AppContext, row: repo.GatewayRow, secret: string) {
  return { gateway: toGateway(row), secret, mqtt: mqttConnection(ctx.brokerUrl(), row.gatewayId) };
}

/** Registers a gateway; its MQTT secret is in this reply and nowhere else, ever. */
export async function create(
  ctx: AppContext,
  actor: Actor,
  scope: Scope,
  body: z.output<typeof gatewayBody>,
) {
  const accountId = ownAccount(scope).accountId;
  const { secret, secretHash, secretSealed } = await newSecret(ctx.gatewaySecrets);
  const id = await ctx.db.transaction(async (tx) => {
    const created = await repo.insertGateway(tx, {
      accountId,
      gatewayId: body.gatewayId,
      name: body.gatewayName,
      loraFreq: body.loraFreq,
      secretHash,
      secretSealed,
    });
    if (!created) throw conflict('gatewayIdTaken', 'gatewayId');
    await audit.record(tx, subjectOf(actor), {
      event: 'gateway',
      action: 'create',
      information: `Added gateway ${body.gatewayId} (${body.gatewayName}) with a new MQTT secret`,
    });
    return created;
  });
  await brokerAccountsChanged(ctx, [body.gatewayId]);
  return credentials(ctx, await ownGateway(ctx.db, accountId, id), secret);
}

function describeChanges(before: repo.GatewayRow, after: Record<string, string>) {
  const labels: Record<string, keyof repo.GatewayRow> = {
    'gateway ID': 'gatewayId',
    name: 'name',
    frequency: 'loraFreq',
  };
  return Object.entries(labels)
    .filter(([label, key]) => after[label] !== before[key])
    .map(([label, key]) => `${label}: "${String(before[key])}" -> "${after[label] ?? ''}"`)
    .join(', ');
}

export async function update(
  ctx: AppContext,
  actor: Actor,
  scope: Scope,
  id: string,
  body: GatewayUpdate,
): Promise<Gateway> {
  const accountId = ownAccount(scope).accountId;
  const renamed = await ctx.db.transaction(async (tx) => {
    const current = await ownGateway(tx, accountId, id);
    const next = {
      gatewayId: body.gatewayId ?? current.gatewayId,
      name: body.gatewayName ?? current.name,
      loraFreq: body.loraFreq ?? current.loraFreq,
    };
    if (next.gatewayId !== current.gatewayId) {
      await requireUnlocked(ctx, actor, body.unlockToken);
      if (await repo.gatewayIdTaken(tx, next.gatewayId, id))
        throw conflict('gatewayIdTaken', 'gatewayId');
    }
    if (!(await repo.updateGateway(tx, accountId, id, next)))
      throw conflict('gatewayIdTaken', 'gatewayId');
    const changes = describeChanges(current, {
      'gateway ID': next.gatewayId,
      name: next.name,
      frequency: next.loraFreq,
    });
    await audit.record(tx, subjectOf(actor), {
      event: 'gateway',
      action: 'update',
      information: `Updated gateway ${current.gatewayId} (${current.name})${changes ? `: ${changes}` : ' (no changes)'}`,
    });
    return next.gatewayId === current.gatewayId ? [] : [current.gatewayId, next.gatewayId];
  });
  // A new hardware id is a new broker user name: the old account goes, a new one comes.
  await brokerAccountsChanged(ctx, renamed);
  return toGateway(await ownGateway(ctx.db, accountId, id));
}

/** Refused (409) while devices use the gateway: no device silently loses its gateway. */
export async function remove(
  ctx: AppContext,
  actor: Actor,
  scope: Scope,
  id: string,
): Promise<void> {
  const accountId = ownAccount(scope).accountId;
  const gatewayId = await ctx.db.transaction(async (tx) => {
    const current = await ownGateway(tx, accountId, id);
    if (current.deviceCount > 0) throw conflict('gatewayHasDevices');
    await repo.deleteGateway(tx, accountId, id);
    await audit.record(tx, subjectOf(actor), {
      event: 'gateway',
      action: 'delete',
      information: `Deleted gateway ${current.gatewayId} (${current.name})`,
    });
    return current.gatewayId;
  });
  await brokerAccountsChanged(ctx, [gatewayId]);
}

/** A new MQTT secret, shown this once; the old one stops working when this commits. */
export async function rotateSecret(ctx: AppContext, actor: Actor, scope: Scope, id: string) {
  const accountId = ownAccount(scope).accountId;
  const { secret, secretHash, secretSealed } = await newSecret(ctx.gatewaySecrets);
  const gatewayId = await ctx.db.transaction(async (tx) => {
    const current = await ownGateway(tx, accountId, id);
    await repo.updateGateway(tx, accountId, id, { secretHash, secretSealed });
    await audit.record(tx, subjectOf(actor), {
      event: 'gateway',
      action: 'rotateSecret',
      information: `New MQTT secret for gateway ${current.gatewayId} (${current.name}); the previous one no longer works`,
    });
    return current.gatewayId;
  });
  // The broker changes the password and disconnects whoever signed in with the old one.
  await brokerAccountsChanged(ctx, [gatewayId]);
  return credentials(ctx, await ownGateway(ctx.db, accountId, id), secret);
}
