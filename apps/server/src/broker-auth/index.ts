import { hostname } from 'node:os';
import type { Logger } from 'pino';
import { ConfigError, type Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { SecretSealer } from '../lib/sealed.js';
import { createDynsecControl, type DynsecControl } from './dynsec-control.js';
import { createDynsecSync, type BrokerAccountRows, type DynsecSync } from './dynsec-sync.js';

export type { BrokerAccountRow, BrokerAccountRows } from './dynsec-sync.js';

/** Where the services tell the broker that gateways changed; a no-op unless MQTT_AUTH=dynsec. */
export type BrokerAccounts = {
  /** Resolves once the broker has the gateways' accounts as the database says (or gave up). */
  changed: (gatewayIds: string[]) => Promise<void>;
  use: (sync: DynsecSync | undefined) => void;
  /** Where the sync reads the gateways' accounts (modules/gateways), handed in at start. */
  rows: BrokerAccountRows;
};

export function createBrokerAccounts(rows: BrokerAccountRows): BrokerAccounts {
  let current: DynsecSync | undefined;
  return {
    rows,
    changed: (gatewayIds) => current?.changed(gatewayIds) ?? Promise.resolve(),
    use(sync) {
      current = sync;
    },
  };
}

export type DynsecAccounts = { sync: DynsecSync; close: () => Promise<void> };

/** Seconds to wait for the broker at start before carrying on and retrying in the background. */
const startWaitMs = 10_000;

/**
 * MQTT_AUTH=dynsec: connects to the broker's dynamic security plugin with the platform's account,
 * refuses to start when the broker turns the account away or the plugin does not answer, then
 * reconciles every gateway. A broker that cannot be reached yet is retried in the background.
 */
export async function startDynsecAccounts(options: {
  config: Config;
  database: Database;
  sealer: SecretSealer;
  /** Where the gateways' accounts are read (modules/gateways). */
  rows: BrokerAccountRows;
  log: Logger;
}): Promise<DynsecAccounts> {
  const url = options.config.mqttUrl ?? '';
  const log = options.log;
  const control: DynsecControl = createDynsecControl({
    url,
    clientId: `vigil-control-${hostname().slice(0, 40)}-${String(process.pid)}`,
    log,
  });
  const fail = async (why: string): Promise<never> => {
    await control.close();
    throw new ConfigError(`MQTT_AUTH=dynsec: ${why}`);
  };
  let state: 'connected' | 'unreachable';
  try {
    state = await control.firstConnection(startWaitMs);
  } catch (error) {
    return fail(
      `the broker refused the platform's account in MQTT_URL (${(error as Error).message})`,
    );
  }
  if (state === 'connected') {
    try {
      await control.run([{ command: 'getDefaultACLAccess' }]);
    } catch (error) {
      return fail((error as Error).message);
    }
  } else {
    log.warn('the broker cannot be reached yet: gateway accounts are brought in step once it can');
  }
  const sync = createDynsecSync({
    database: options.database,
    control,
    sealer: options.sealer,
    rows: options.rows,
    log,
  });
  if (state === 'connected') await sync.reconcile();
  return {
    sync,
    async close() {
      sync.close();
      await control.close();
    },
  };
}
