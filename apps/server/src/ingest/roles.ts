import type { Logger } from 'pino';
import { startDynsecAccounts, type DynsecAccounts } from '../broker-auth/index.js';
import { ConfigError, type Config } from '../config.js';
import type { CoreContext } from '../core-context.js';
import { startEmbeddedBroker, type EmbeddedBroker } from './broker.js';
import { startExternalIngest, type ExternalIngest } from './external.js';
import type { IngestHub } from './hub.js';

/** The embedded broker feeds ingest in-process; ingest needs a broker to read from. */
export function checkMqttRoles(config: Config): void {
  const has = (role: string) => config.roles.includes(role as Config['roles'][number]);
  if (has('broker') && config.mqttUrl) {
    throw new ConfigError(
      'Invalid ROLES: the embedded broker (broker) runs only when MQTT_URL is unset',
    );
  }
  if (has('broker') && !has('ingest')) {
    throw new ConfigError(
      'Invalid ROLES: the embedded broker (broker) needs the ingest role in the same process',
    );
  }
  if (has('ingest') && !has('broker') && !config.mqttUrl) {
    throw new ConfigError('Invalid ROLES: ingest needs MQTT_URL or the broker role');
  }
}

export type MqttRoles = {
  /** The embedded broker's address, when this process runs it. */
  brokerUrl: string | undefined;
  brokerPort: number | undefined;
  /** Takes no new MQTT connection or message (those in flight complete). */
  stopAccepting: () => Promise<void>;
  /** Disconnects: call after the batch writer has flushed, so acknowledgements go out first. */
  close: () => Promise<void>;
};

async function startExternal(config: Config, hub: IngestHub, logger: Logger) {
  const log = logger.child({ role: 'ingest' });
  try {
    return await startExternalIngest({
      url: config.mqttUrl ?? '',
      clientId: config.mqttClientId,
      sessionExpirySeconds: config.mqttSessionExpirySeconds,
      shareGroup: config.mqttShareGroup,
      hub,
      log,
    });
  } catch (error) {
    throw new ConfigError(
      `MQTT_URL: the broker refused the ingest account or its subscriptions (${(error as Error).message})`,
    );
  }
}

/**
 * Starts the broker role (Aedes on MQTT_PORT), the ingest role's MQTT side, and, with
 * MQTT_AUTH=dynsec, the gateway accounts on the external broker (every process that may change
 * a gateway keeps them in step).
 */
export async function startMqttRoles(
  ctx: CoreContext,
  hub: IngestHub,
  logger: Logger,
): Promise<MqttRoles> {
  const { config } = ctx;
  let broker: EmbeddedBroker | undefined;
  let external: ExternalIngest | undefined;
  let accounts: DynsecAccounts | undefined;
  if (config.mqttAuth === 'none') {
    logger.warn(
      'MQTT_AUTH=none: the broker at MQTT_URL authenticates nobody, so anyone who reaches it can publish readings for any gateway',
    );
  }
  if (config.mqttAuth === 'dynsec') {
    accounts = await startDynsecAccounts({
      config,
      database: ctx.database,
      sealer: ctx.gatewaySecrets,
      rows: hub.brokerAccounts.rows,
      log: logger.child({ role: 'broker-accounts' }),
    });
    hub.brokerAccounts.use(accounts.sync);
  }
  if (config.roles.includes('broker')) {
    // A taken port rejects with EADDRINUSE; the runtime names MQTT_PORT in its message.
    broker = await startEmbeddedBroker({
      host: config.host,
      port: config.mqttPort,
      hub,
      db: ctx.db,
      log: logger.child({ role: 'broker' }),
    });
    hub.setBrokerHealth(broker.health);
    hub.downlink.use(broker.publish);
  } else if (config.roles.includes('ingest') && config.mqttUrl) {
    // Commands to gateways go out on the downlink's own connection (downlink.ts).
    external = await startExternal(config, hub, logger);
    hub.setBrokerHealth(external.health);
  }
  return {
    brokerUrl: broker?.url,
    brokerPort: broker?.port,
    async stopAccepting() {
      await broker?.stopAccepting();
      await external?.stopAccepting();
    },
    async close() {
      hub.downlink.use(undefined);
      hub.brokerAccounts.use(undefined);
      await broker?.close();
      await external?.close();
      await accounts?.close();
      await hub.downlink.close();
    },
  };
}
