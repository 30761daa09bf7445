import { sql, type SQL } from 'drizzle-orm';
import { devices, deviceUsers } from './schema/index.js';

/** The device rows (of a query on `devices`) assigned to a user: what a `user` may see. */
export const assignedTo = (userId: string): SQL =>
  sql`exists (select 1 from ${deviceUsers} where ${deviceUsers.deviceId} = ${devices.id}
    and ${deviceUsers.userId} = ${userId})`;
