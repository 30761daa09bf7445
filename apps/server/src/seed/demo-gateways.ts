import { demoPlan, startDemo } from '@vigil/simulator';
import { inArray, max } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { BrokerAccounts } from '../broker-auth/index.js';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { devices } from '../db/schema/index.js';
import type { SecretSealer } from '../lib/sealed.js';
import { rotateDemoSecrets } from './demo-inventory.js';

export type DemoGateways = { stop: () => Promise<void> } | undefined;

/** The newest reading stored for a demo device, if any: history resumes from there. */
async function latestDemoReading(db: Db): Promise<Date | undefined> {
  const ids = demoPlan.flatMap((gateway) => gateway.devices.map((device) => device.deviceId));
  const [row] = await db
    .select({ latest: max(devices.latestTs) })
    .from(devices)
    .where(inArray(devices.deviceId, ids));
  return row?.latest ?? undefined;
}

/**
 * Runs the demo laboratory's gateways (apps/simulator) in this process, over real MQTT with
 * fresh secrets: on the first start they send DEMO_HISTORY_HOURS of history, after a pause what
 * they missed (as much at most), then a reading per device every 10 s.
 */
export async function startDemoGateways(options: {
  db: Db;
  config: Config;
  brokerUrl: string;
  sealer: SecretSealer;
  /** Gives the broker the new secrets (MQTT_AUTH=dynsec) before the gateways connect. */
  brokerAccounts: BrokerAccounts;
  log: Logger;
  signal: AbortSignal;
}): Promise<DemoGateways> {
  const { db, config, log } = options;
  const credentials = await rotateDemoSecrets(db, config.dataDir, options.sealer);
  if (credentials.length === 0) return undefined;
  await options.brokerAccounts.changed(credentials.map((gateway) => gateway.gatewayId));
  const earliest = Date.now() - config.demoHistoryHours * 3_600_000;
  const latest = await latestDemoReading(db);
  const backfillFrom = new Date(Math.max(earliest, latest ? latest.getTime() + 1 : earliest));
  log.info(`demo gateways: sending history from ${backfillFrom.toISOString()}`);
  return startDemo({
    url: options.brokerUrl,
    credentials,
    backfillFrom,
    signal: options.signal,
    // Slow enough to watch an update on the gateways page; DEMO_OTA_FAILURE_RATE shows failures.
    ota: { failureRate: config.demoOtaFailureRate, stepMs: 800 },
    log: (line) => {
      log.info(line);
    },
  });
}
