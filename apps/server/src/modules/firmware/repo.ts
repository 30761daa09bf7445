import type { FirmwareCommand, FirmwareKind, FirmwareTarget } from '@vigil/contracts';
import { and, desc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { accountCondition } from '../../db/query.js';
import { allAccounts, type AccountScope } from '../../lib/scope.js';
import { devices, firmwareFiles, firmwareUpdates, gateways } from '../../db/schema/index.js';

export type FirmwareFileRow = typeof firmwareFiles.$inferSelect;
export type FirmwareUpdateRow = typeof firmwareUpdates.$inferSelect;
export type NewFirmwareFile = typeof firmwareFiles.$inferInsert;

export async function insertFile(db: Executor, file: NewFirmwareFile): Promise<FirmwareFileRow> {
  const [row] = await db.insert(firmwareFiles).values(file).returning();
  if (!row) throw new Error('firmware file insert returned nothing');
  return row;
}

export function listFiles(
  db: Executor,
  filter: { target?: FirmwareTarget; kind?: FirmwareKind },
): Promise<FirmwareFileRow[]> {
  return db
    .select()
    .from(firmwareFiles)
    .where(
      and(
        filter.target ? eq(firmwareFiles.target, filter.target) : undefined,
        filter.kind ? eq(firmwareFiles.kind, filter.kind) : undefined,
      ),
    )
    .orderBy(desc(firmwareFiles.createdAt))
    .limit(200);
}

export async function findFile(db: Executor, id: string): Promise<FirmwareFileRow | undefined> {
  const [row] = await db.select().from(firmwareFiles).where(eq(firmwareFiles.id, id));
  return row;
}

export async function latestFile(
  db: Executor,
  target: FirmwareTarget,
  kind: FirmwareKind,
): Promise<FirmwareFileRow | undefined> {
  const [row] = await db
    .select()
    .from(firmwareFiles)
    .where(and(eq(firmwareFiles.target, target), eq(firmwareFiles.kind, kind)))
    .orderBy(desc(firmwareFiles.createdAt))
    .limit(1);
  return row;
}

const gatewayFields = {
  id: gateways.id,
  gatewayId: gateways.gatewayId,
  accountId: gateways.accountId,
  name: gateways.name,
  status: gateways.status,
  loraFreq: gateways.loraFreq,
  esp32LastVersion: gateways.esp32LastVersion,
  esp32NewVersion: gateways.esp32NewVersion,
  loraLastVersion: gateways.loraLastVersion,
  loraNewVersion: gateways.loraNewVersion,
  nextionLastVersion: gateways.nextionLastVersion,
  nextionNewVersion: gateways.nextionNewVersion,
  loraMainStatus: gateways.loraMainStatus,
  mainOtaStatus: gateways.mainOtaStatus,
  nextionStatus: gateways.nextionStatus,
};
export type FirmwareGatewayRow = Awaited<ReturnType<typeof findGateway>> & {};

/** A gateway of the scope: of any account (platform administrator), or of one account. */
export async function findGateway(db: Executor, scope: AccountScope, id: string) {
  const [row] = await db
    .select(gatewayFields)
    .from(gateways)
    .where(and(eq(gateways.id, id), accountCondition(gateways.accountId, scope)));
  return row;
}

export type GatewayFirmwareColumns = Partial<
  Pick<
    typeof gateways.$inferInsert,
    | 'esp32LastVersion'
    | 'esp32NewVersion'
    | 'loraLastVersion'
    | 'loraNewVersion'
    | 'nextionLastVersion'
    | 'nextionNewVersion'
    | 'loraMainStatus'
    | 'mainOtaStatus'
    | 'nextionStatus'
  >
>;

export async function setGatewayFirmware(
  db: Executor,
  id: string,
  values: GatewayFirmwareColumns,
): Promise<FirmwareGatewayRow | undefined> {
  if (Object.keys(values).length > 0)
    await db.update(gateways).set(values).where(eq(gateways.id, id));
  return findGateway(db, allAccounts, id);
}

const deviceFields = {
  id: devices.id,
  deviceId: devices.deviceId,
  name: devices.name,
  accountId: devices.accountId,
  gatewayRowId: devices.gatewayId,
  gatewayId: gateways.gatewayId,
  gatewayStatus: gateways.status,
  fvLastVersion: devices.fvLastVersion,
  fvNewVersion: devices.fvNewVersion,
  otaStatus: devices.otaStatus,
};
export type FirmwareDeviceRow = Awaited<ReturnType<typeof findDevice>> & {};

export async function findDevice(db: Executor, id: string) {
  const [row] = await db
    .select(deviceFields)
    .from(devices)
    .leftJoin(gateways, eq(gateways.id, devices.gatewayId))
    .where(eq(devices.id, id));
  return row;
}

/** A node by hardware address behind one gateway (row id). */
export async function findDeviceOnGateway(db: Executor, gatewayRowId: string, deviceId: string) {
  const [row] = await db
    .select(deviceFields)
    .from(devices)
    .leftJoin(gateways, eq(gateways.id, devices.gatewayId))
    .where(and(eq(devices.gatewayId, gatewayRowId), eq(devices.deviceId, deviceId.toLowerCase())));
  return row;
}

export async function setDeviceFirmware(
  db: Executor,
  id: string,
  values: Partial<
    Pick<typeof devices.$inferInsert, 'fvLastVersion' | 'fvNewVersion' | 'otaStatus'>
  >,
): Promise<FirmwareDeviceRow | undefined> {
  if (Object.keys(values).length > 0)
    await db.update(devices).set(values).where(eq(devices.id, id));
  return findDevice(db, id);
}

export async function insertUpdate(
  db: Executor,
  update: typeof firmwareUpdates.$inferInsert,
): Promise<FirmwareUpdateRow> {
  const [row] = await db.insert(firmwareUpdates).values(update).returning();
  if (!row) throw new Error('firmware update insert returned nothing');
  return row;
}

export async function findUpdate(db: Executor, id: string): Promise<FirmwareUpdateRow | undefined> {
  const [row] = await db.select().from(firmwareUpdates).where(eq(firmwareUpdates.id, id));
  return row;
}

const finished = ['done', 'failed'] as const;

/**
 * The update a gateway's report is about: the one it names (of this gateway), else its latest
 * unfinished one of that command (and node). Finished updates take no more reports.
 */
export async function openUpdate(
  db: Executor,
  gatewayRowId: string,
  report: { updateId?: string; command: FirmwareCommand; deviceRowId?: string },
): Promise<FirmwareUpdateRow | undefined> {
  const [row] = await db
    .select()
    .from(firmwareUpdates)
    .where(
      and(
        eq(firmwareUpdates.gatewayId, gatewayRowId),
        report.updateId
          ? eq(firmwareUpdates.id, report.updateId)
          : eq(firmwareUpdates.command, report.command),
        report.deviceRowId
          ? eq(firmwareUpdates.deviceId, report.deviceRowId)
          : report.updateId
            ? undefined
            : isNull(firmwareUpdates.deviceId),
        notInArray(firmwareUpdates.status, [...finished]),
      ),
    )
    .orderBy(desc(firmwareUpdates.createdAt))
    .limit(1);
  return row;
}

export async function saveUpdate(
  db: Executor,
  id: string,
  values: Pick<FirmwareUpdateRow, 'status' | 'progress' | 'error'>,
): Promise<FirmwareUpdateRow | undefined> {
  const [row] = await db
    .update(firmwareUpdates)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(firmwareUpdates.id, id))
    .returning();
  return row;
}

/** Earlier unfinished updates of the same firmware on the same target are superseded. */
export async function supersede(
  db: Executor,
  gatewayRowId: string,
  command: FirmwareCommand,
  deviceRowId: string | null,
): Promise<void> {
  await db
    .update(firmwareUpdates)
    .set({ status: 'failed', error: 'superseded by a newer update', updatedAt: sql`now()` })
    .where(
      and(
        eq(firmwareUpdates.gatewayId, gatewayRowId),
        eq(firmwareUpdates.command, command),
        deviceRowId ? eq(firmwareUpdates.deviceId, deviceRowId) : isNull(firmwareUpdates.deviceId),
        inArray(firmwareUpdates.status, ['sent', 'downloading', 'installing']),
      ),
    );
}
