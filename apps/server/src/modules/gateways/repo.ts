import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { BrokerAccountRow } from '../../broker-auth/index.js';
import type { Executor } from '../../db/client.js';
import { accountCondition } from '../../db/query.js';
import type { AccountScope, Scope } from '../../lib/scope.js';
import { accounts, devices, gateways } from '../../db/schema/index.js';
import { isUniqueViolation, likePattern } from '../../db/query.js';

const deviceCount = sql<number>`(select count(*) from ${devices} where ${devices.gatewayId} = ${gateways.id})::int`;

const gatewayColumns = {
  id: gateways.id,
  accountId: gateways.accountId,
  gatewayId: gateways.gatewayId,
  name: gateways.name,
  loraFreq: gateways.loraFreq,
  status: gateways.status,
  lastSeenAt: gateways.lastSeenAt,
  deviceCount,
  companyName: accounts.companyName,
  accountEmail: accounts.email,
  esp32LastVersion: gateways.esp32LastVersion,
  esp32NewVersion: gateways.esp32NewVersion,
  loraLastVersion: gateways.loraLastVersion,
  loraNewVersion: gateways.loraNewVersion,
  nextionLastVersion: gateways.nextionLastVersion,
  nextionNewVersion: gateways.nextionNewVersion,
  loraMainStatus: gateways.loraMainStatus,
  mainOtaStatus: gateways.mainOtaStatus,
  nextionStatus: gateways.nextionStatus,
  createdAt: gateways.createdAt,
};

export type GatewayRow = {
  id: string;
  accountId: string;
  gatewayId: string;
  name: string;
  loraFreq: string;
  status: 'online' | 'offline';
  lastSeenAt: Date | null;
  deviceCount: number;
  companyName: string;
  accountEmail: string;
  esp32LastVersion: string | null;
  esp32NewVersion: string | null;
  loraLastVersion: string | null;
  loraNewVersion: string | null;
  nextionLastVersion: string | null;
  nextionNewVersion: string | null;
  loraMainStatus: string | null;
  mainOtaStatus: string | null;
  nextionStatus: string | null;
  createdAt: Date;
};

export type GatewayFilter = { search?: string };

function listConditions(scope: AccountScope, filter: GatewayFilter): SQL | undefined {
  const pattern = filter.search ? likePattern(filter.search) : undefined;
  return and(
    accountCondition(gateways.accountId, scope),
    pattern === undefined
      ? undefined
      : or(
          ilike(gateways.gatewayId, pattern),
          ilike(gateways.name, pattern),
          ilike(accounts.companyName, pattern),
        ),
  );
}

const selectGateways = (db: Executor) =>
  db.select(gatewayColumns).from(gateways).innerJoin(accounts, eq(accounts.id, gateways.accountId));

export async function listGateways(
  db: Executor,
  scope: AccountScope,
  filter: GatewayFilter,
  page: number,
  pageSize: number,
): Promise<{ rows: GatewayRow[]; total: number }> {
  const where = listConditions(scope, filter);
  const rows = await selectGateways(db)
    .where(where)
    .orderBy(desc(gateways.createdAt), gateways.id)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await db
    .select({ n: count() })
    .from(gateways)
    .innerJoin(accounts, eq(accounts.id, gateways.accountId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

/** Every gateway of the scope, newest first (the CSV download). */
export function allGateways(db: Executor, scope: AccountScope): Promise<GatewayRow[]> {
  return selectGateways(db)
    .where(listConditions(scope, {}))
    .orderBy(desc(gateways.createdAt), gateways.id);
}

/** A gateway of `accountId` by its row id; undefined for another account's. */
export async function findGateway(
  db: Executor,
  accountId: string,
  id: string,
): Promise<GatewayRow | undefined> {
  const [row] = await selectGateways(db).where(
    and(eq(gateways.id, id), eq(gateways.accountId, accountId)),
  );
  return row;
}

export async function gatewayIdTaken(
  db: Executor,
  gatewayId: string,
  exceptId?: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: gateways.id })
    .from(gateways)
    .where(
      and(
        eq(gateways.gatewayId, gatewayId),
        exceptId === undefined ? undefined : sql`${gateways.id} <> ${exceptId}`,
      ),
    );
  return row !== undefined;
}

/** Inserts a gateway; undefined when its hardware id is already registered (unique index). */
export async function insertGateway(
  db: Executor,
  values: {
    accountId: string;
    gatewayId: string;
    name: string;
    loraFreq: string;
    secretHash: string;
    secretSealed: string;
  },
): Promise<string | undefined> {
  const [row] = await db
    .insert(gateways)
    .values(values)
    .onConflictDoNothing({ target: gateways.gatewayId })
    .returning({ id: gateways.id });
  return row?.id;
}

/** Updates a gateway; false when its new hardware id was registered meanwhile (see updateDevice). */
export async function updateGateway(
  db: Executor,
  accountId: string,
  id: string,
  values: {
    gatewayId?: string;
    name?: string;
    loraFreq?: string;
    secretHash?: string;
    secretSealed?: string;
  },
): Promise<boolean> {
  try {
    await db
      .update(gateways)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(gateways.id, id), eq(gateways.accountId, accountId)));
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

export async function deleteGateway(db: Executor, accountId: string, id: string): Promise<void> {
  await db.delete(gateways).where(and(eq(gateways.id, id), eq(gateways.accountId, accountId)));
}

export type GatewaySecretRow = {
  id: string;
  accountId: string;
  gatewayId: string;
  secretHash: string | null;
  accountStatus: 'active' | 'disabled';
};

/** A gateway by its hardware id (stored lower-case) with its secret hash and account state. */
export async function findBySecretLogin(
  db: Executor,
  gatewayId: string,
): Promise<GatewaySecretRow | undefined> {
  const [row] = await db
    .select({
      id: gateways.id,
      accountId: gateways.accountId,
      gatewayId: gateways.gatewayId,
      secretHash: gateways.secretHash,
      accountStatus: accounts.status,
    })
    .from(gateways)
    .innerJoin(accounts, eq(accounts.id, gateways.accountId))
    .where(eq(gateways.gatewayId, gatewayId));
  return row;
}

/** Connected counts: every gateway of the scope, and those online. */
export async function gatewayCounts(
  db: Executor,
  scope: Scope,
): Promise<{ total: number; connected: number; online: number }> {
  const assigned =
    scope.kind === 'platform' || scope.assignedTo === null
      ? undefined
      : sql`${gateways.id} in (select d.gateway_id from devices d
          join device_users du on du.device_id = d.id where du.user_id = ${scope.assignedTo})`;
  const [row] = await db
    .select({
      total: count(),
      // Connected: heard from at least once.
      connected: sql<number>`count(*) filter (where ${gateways.lastSeenAt} is not null)::int`,
      online: sql<number>`count(*) filter (where ${gateways.status} = 'online' and ${gateways.lastSeenAt} is not null)::int`,
    })
    .from(gateways)
    .where(and(accountCondition(gateways.accountId, scope), assigned));
  return { total: row?.total ?? 0, connected: row?.connected ?? 0, online: row?.online ?? 0 };
}

/** What the broker's gateway accounts are built from: every gateway, or those of `gatewayIds`. */
export function brokerAccountRows(
  db: Executor,
  gatewayIds?: string[],
): Promise<BrokerAccountRow[]> {
  return db
    .select({
      gatewayId: gateways.gatewayId,
      secretHash: gateways.secretHash,
      secretSealed: gateways.secretSealed,
      accountStatus: accounts.status,
    })
    .from(gateways)
    .innerJoin(accounts, eq(accounts.id, gateways.accountId))
    .where(gatewayIds === undefined ? undefined : inArray(gateways.gatewayId, gatewayIds));
}
