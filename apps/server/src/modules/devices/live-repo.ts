import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { devices, deviceUsers } from '../../db/schema/index.js';
import { assignedTo } from '../../db/assignments.js';

const stateColumns = {
  id: devices.id,
  deviceId: devices.deviceId,
  status: devices.status,
  lastSeenAt: devices.lastSeenAt,
  latestData: devices.latestData,
};
export type DeviceState = {
  id: string;
  deviceId: string;
  status: 'active' | 'inactive';
  lastSeenAt: Date | null;
  latestData: unknown;
};

/**
 * One device of the account by its row id or its hardware address (and, with `assignedToUser`,
 * only when assigned to that user): its online state and latest reading.
 */
export async function findDeviceState(
  db: Executor,
  accountId: string,
  key: { id: string } | { deviceId: string },
  assignedToUser?: string,
): Promise<DeviceState | undefined> {
  const [row] = await db
    .select(stateColumns)
    .from(devices)
    .where(
      and(
        'id' in key ? eq(devices.id, key.id) : eq(devices.deviceId, key.deviceId),
        eq(devices.accountId, accountId),
        assignedToUser === undefined ? undefined : assignedTo(assignedToUser),
      ),
    );
  return row;
}

/** Every device's online state of the account (devicesStatusData for its owners). */
export function accountDeviceStates(
  db: Executor,
  accountId: string,
): Promise<Omit<DeviceState, 'latestData'>[]> {
  return db
    .select({
      id: devices.id,
      deviceId: devices.deviceId,
      status: devices.status,
      lastSeenAt: devices.lastSeenAt,
    })
    .from(devices)
    .where(eq(devices.accountId, accountId))
    .orderBy(asc(devices.deviceId));
}

/** The row ids of the devices assigned to a user. */
export async function assignedDeviceIds(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: deviceUsers.deviceId })
    .from(deviceUsers)
    .where(eq(deviceUsers.userId, userId));
  return rows.map((row) => row.id);
}
