import type { Logger } from 'pino';
import type { Db } from '../../db/client.js';
import { noPayload, type ClockEntry } from '../../jobs/clock.js';
import { defineJobHandlers, type JobHandlers } from '../../jobs/worker.js';
import { purgeOld } from './service.js';

/** Lines past 90 days go once a day. */
export const gatewayLogsClock: ClockEntry[] = [
  { job: 'gatewayLogs.retention', every: 'day', payload: noPayload },
];

export function gatewayLogsJobHandlers(deps: { db: Db; log: Logger }): JobHandlers {
  return defineJobHandlers({
    'gatewayLogs.retention': async () => {
      const count = await purgeOld(deps);
      deps.log.info({ lines: count }, 'gateway log lines past retention deleted');
    },
  });
}
