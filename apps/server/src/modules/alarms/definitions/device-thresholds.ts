import type { Executor } from '../../../db/client.js';
import { inAccount } from '../../../lib/scope.js';
import * as repo from './repo.js';

/**
 * A device's threshold alarms (of its own account) and its node type: the dashed lines of the
 * device-data export's charts.
 */
export async function deviceThresholdAlarms(
  db: Executor,
  device: { id: string; accountId: string },
) {
  const scope = inAccount(device.accountId);
  const [found] = await repo.findDevices(db, scope, [device.id]);
  const { rows } = await repo.listAlarms(db, scope, { deviceId: device.id, kind: 'threshold' });
  return { nodeType: found?.nodeType ?? null, definitions: rows.map((row) => row.alarm) };
}
