import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { ConfigError, type Config } from '../config.js';
import type { Db } from '../db/client.js';
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

/** A client id kept in DATA_DIR, so that a restarted ingest resumes its persistent sessions. */
async function ingestClientId(dataDir: string): Promise<string> {
  const file = join(dataDir, 'ingest-client-id');
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    const id = `vigil-ingest-${randomBytes(6).toString('hex')}`;
    await writeFile(file, `${id}\n`, { flag: 'wx' }).catch(() => undefined);
    return (await readFile(file, 'utf8')).trim();
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

/** Starts the broker role (Aedes on MQTT_PORT) and the ingest role's MQTT side. */
export async function startMqttRoles(
  config: Config,
  hub: IngestHub,
  db: Db,
  logger: Logger,
): Promise<MqttRoles> {
  let broker: EmbeddedBroker | undefined;
  let external: ExternalIngest | undefined;
  if (config.roles.includes('broker')) {
    // A taken port rejects with EADDRINUSE; the runtime names MQTT_PORT in its message.
    broker = await startEmbeddedBroker({
      host: config.host,
      port: config.mqttPort,
      hub,
      db,
      log: logger.child({ role: 'broker' }),
    });
    hub.setBrokerHealth(broker.health);
    hub.downlink.use(broker.publish);
  } else if (config.roles.includes('ingest') && config.mqttUrl) {
    external = await startExternalIngest({
      url: config.mqttUrl,
      clientIdBase: await ingestClientId(config.dataDir),
      hub,
      log: logger.child({ role: 'ingest' }),
    });
    hub.setBrokerHealth(external.health);
    hub.downlink.use(external.publish);
  }
  return {
    brokerUrl: broker?.url,
    brokerPort: broker?.port,
    async stopAccepting() {
      await broker?.stopAccepting();
      external?.stopAccepting();
    },
    async close() {
      hub.downlink.use(undefined);
      await broker?.close();
      await external?.close();
      await hub.downlink.close();
    },
  };
}
