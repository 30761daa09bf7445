import { and, asc, eq, ilike, inArray } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { alarms, alertProfiles, devices } from '../../../db/schema/index.js';

export type ProfileRow = typeof alertProfiles.$inferSelect;
export type ProfileValues = Omit<
  typeof alertProfiles.$inferInsert,
  'id' | 'accountId' | 'createdAt' | 'updatedAt'
>;

export function listProfiles(db: Executor, accountId: string, search?: string) {
  return db
    .select()
    .from(alertProfiles)
    .where(
      and(
        eq(alertProfiles.accountId, accountId),
        search ? ilike(alertProfiles.name, `%${search.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
      ),
    )
    .orderBy(asc(alertProfiles.name), asc(alertProfiles.id));
}

export async function findProfile(
  db: Executor,
  accountId: string,
  id: string,
): Promise<ProfileRow | undefined> {
  const [row] = await db
    .select()
    .from(alertProfiles)
    .where(and(eq(alertProfiles.accountId, accountId), eq(alertProfiles.id, id)));
  return row;
}

export async function insertProfile(
  tx: Executor,
  accountId: string,
  values: ProfileValues,
): Promise<string> {
  const [row] = await tx
    .insert(alertProfiles)
    .values({ ...values, accountId })
    .returning({ id: alertProfiles.id });
  if (!row) throw new Error('profile insert returned nothing');
  return row.id;
}

export async function updateProfile(
  tx: Executor,
  accountId: string,
  id: string,
  values: Partial<ProfileValues>,
) {
  await tx
    .update(alertProfiles)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(alertProfiles.accountId, accountId), eq(alertProfiles.id, id)));
}

export async function deleteProfile(tx: Executor, accountId: string, id: string) {
  await tx
    .delete(alertProfiles)
    .where(and(eq(alertProfiles.accountId, accountId), eq(alertProfiles.id, id)));
}

/** The alarms a profile applied, one per device, with the device. */
export function profileAlarms(db: Executor, accountId: string, profileIds: string[]) {
  if (profileIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      alarmId: alarms.id,
      profileId: alarms.profileId,
      device: { id: devices.id, deviceId: devices.deviceId, name: devices.name },
    })
    .from(alarms)
    .innerJoin(devices, eq(devices.id, alarms.deviceId))
    .where(and(eq(alarms.accountId, accountId), inArray(alarms.profileId, profileIds)))
    .orderBy(asc(devices.name), asc(devices.id));
}
