import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { queryRows } from '../db/query.js';
import { accounts, devices, gateways } from '../db/schema/index.js';

export type GatewayRecord = {
  id: string;
  gatewayId: string;
  accountId: string;
  secretHash: string | null;
  accountActive: boolean;
};

/** A registered gateway by its hardware id (stored lower-case), with its account's state. */
export async function findGateway(
  db: Executor,
  gatewayId: string,
): Promise<GatewayRecord | undefined> {
  const [row] = await db
    .select({
      id: gateways.id,
      gatewayId: gateways.gatewayId,
      accountId: gateways.accountId,
      secretHash: gateways.secretHash,
      accountStatus: accounts.status,
    })
    .from(gateways)
    .innerJoin(accounts, eq(accounts.id, gateways.accountId))
    .where(eq(gateways.gatewayId, gatewayId));
  if (!row) return undefined;
  return {
    id: row.id,
    gatewayId: row.gatewayId,
    accountId: row.accountId,
    secretHash: row.secretHash,
    accountActive: row.accountStatus === 'active',
  };
}

export type DeviceRecord = {
  id: string;
  deviceId: string;
  accountId: string;
  accountActive: boolean;
  /** Its newest stored reading's time (ms) when this was read, or null before any. */
  latestTsMs: number | null;
};

/** Registered devices among these hardware addresses (stored lower-case with colons). */
export async function findDevices(db: Executor, deviceIds: string[]): Promise<DeviceRecord[]> {
  if (deviceIds.length === 0) return [];
  const rows = await db
    .select({
      id: devices.id,
      deviceId: devices.deviceId,
      accountId: devices.accountId,
      accountStatus: accounts.status,
      latestTs: devices.latestTs,
    })
    .from(devices)
    .innerJoin(accounts, eq(accounts.id, devices.accountId))
    .where(inArray(devices.deviceId, deviceIds));
  return rows.map((row) => ({
    id: row.id,
    deviceId: row.deviceId,
    accountId: row.accountId,
    accountActive: row.accountStatus === 'active',
    latestTsMs: row.latestTs ? row.latestTs.getTime() : null,
  }));
}

export type GatewayReport = {
  online: boolean;
  esp32LastVersion?: string;
  loraLastVersion?: string;
  nextionLastVersion?: string;
  loraFreq?: string;
  loraMainStatus?: string;
  mainOtaStatus?: string;
  nextionStatus?: string;
};

/** Stores what a gateway reported and returns its status before and after. */
export async function saveGatewayStatus(
  db: Executor,
  id: string,
  report: GatewayReport,
  at: Date,
): Promise<{ previous: 'online' | 'offline'; lastSeenAt: Date } | undefined> {
  const { online, ...values } = report;
  const [row] = await queryRows<{ previous: 'online' | 'offline'; last_seen_at: Date | string }>(
    db,
    sql`update ${gateways} g set
        status = ${online ? 'online' : 'offline'},
        last_seen_at = greatest(g.last_seen_at, ${at.toISOString()}::timestamptz),
        esp32_last_version = coalesce(${values.esp32LastVersion ?? null}, g.esp32_last_version),
        lora_last_version = coalesce(${values.loraLastVersion ?? null}, g.lora_last_version),
        nextion_last_version = coalesce(${values.nextionLastVersion ?? null}, g.nextion_last_version),
        lora_freq = coalesce(${values.loraFreq ?? null}, g.lora_freq),
        lora_main_status = coalesce(${values.loraMainStatus ?? null}, g.lora_main_status),
        main_ota_status = coalesce(${values.mainOtaStatus ?? null}, g.main_ota_status),
        nextion_status = coalesce(${values.nextionStatus ?? null}, g.nextion_status)
      from ${gateways} prev
      where g.id = ${id} and prev.id = g.id
      returning prev.status as previous, g.last_seen_at`,
  );
  return row ? { previous: row.previous, lastSeenAt: new Date(row.last_seen_at) } : undefined;
}

/** A gateway that sent readings was seen now. */
export async function touchGateway(db: Executor, id: string, at: Date): Promise<void> {
  await db
    .update(gateways)
    .set({ lastSeenAt: sql`greatest(${gateways.lastSeenAt}, ${at.toISOString()}::timestamptz)` })
    .where(eq(gateways.id, id));
}
