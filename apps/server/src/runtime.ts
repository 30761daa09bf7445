import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { buildApp } from './app.js';
import type { Config } from './config.js';
import type { AppContext, CoreContext } from './context.js';
import { openDatabase, type Database } from './db/client.js';
import { startClock } from './jobs/clock.js';
import { createWorker, type Worker } from './jobs/worker.js';
import { createLinkSigner, createTokenSigner } from './lib/jwt.js';
import { createSecretSealer } from './lib/sealed.js';
import { IngestEvents } from './ingest/events.js';
import type { IngestHub } from './ingest/hub.js';
import { createIngestPath } from './ingest-path.js';
import { ingestInstanceId } from './ingest/instance.js';
import { checkMqttRoles, startMqttRoles, type MqttRoles } from './ingest/roles.js';
import { alarmExportJobHandlers, realtimeAnnouncer } from './modules/alarms/index.js';
import type { DoorTracker } from './modules/doors/tracker.js';
import { gatewayBrokerUrl } from './modules/gateways/credentials.js';
import { createMailer } from './notify/email.js';
import { enrolmentJobHandlers } from './modules/auth/enrolment.js';
import { notificationJobHandlers } from './modules/notifications/index.js';
import { systemLookup, type HostLookup } from './notify/webhook-target.js';
import { ensureDefaultTemplates } from './modules/message-templates/repo.js';
import { reportJobHandlers } from './modules/reports/index.js';
import { createRealtime, type Realtime } from './realtime/realtime.js';
import { realtimeSources } from './realtime-sources.js';
import { clockEntries, jobHandlers, scheduledJobHandlers } from './schedules.js';

/** A secret generated once into DATA_DIR (one machine; set the variable for several). */
async function dataDirSecret(config: Config, name: string): Promise<string> {
  const file = join(config.dataDir, name);
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    const secret = randomBytes(48).toString('base64url');
    await writeFile(file, secret, { mode: 0o600, flag: 'wx' }).catch(() => undefined);
    return (await readFile(file, 'utf8')).trim();
  }
}

const jwtSecret = (config: Config) => config.jwtSecret ?? dataDirSecret(config, 'jwt-secret');
/** Copy DATA_DIR/gateway-secrets-key into GATEWAY_SECRETS_KEY when moving to several processes. */
const gatewaySecretsKey = (config: Config) =>
  config.gatewaySecretsKey ?? dataDirSecret(config, 'gateway-secrets-key');

export type Runtime = {
  ctx: AppContext;
  app: FastifyInstance | undefined;
  worker: Worker | undefined;
  /** The ingest pipeline and its in-process events (`readings`, `deviceStatus`, `gatewayStatus`). */
  ingest: IngestHub;
  /** Door openings of stored readings, tracked in the ingest follow-up. */
  doors: DoorTracker;
  /** Socket.IO (api role) and the bridge of ingest events to browsers; `emitAlarm` for alarms. */
  realtime: Realtime;
  /** The address the API listens on, once `listen` has run. */
  url: string | undefined;
  /** The embedded broker's address and port, once `listen` has run (broker role). */
  mqttUrl: string | undefined;
  mqttPort: number | undefined;
  listen: () => Promise<string>;
  close: () => Promise<void>;
};

export class PortInUseError extends Error {
  override name = 'PortInUseError';
}

/** Opens the database and builds the roles this process runs; `listen` starts serving. */
export async function createRuntime(
  config: Config,
  logger: Logger,
  database?: Database,
  options: { lookupHost?: HostLookup } = {},
): Promise<Runtime> {
  checkMqttRoles(config);
  await mkdir(config.dataDir, { recursive: true });
  const db =
    database ??
    (await openDatabase(
      config.databaseUrl
        ? {
            databaseUrl: config.databaseUrl,
            onIdleError: (error) => {
              logger.warn({ err: error }, 'an idle database connection was closed');
            },
          }
        : { dataDir: config.dataDir },
    ));
  await ensureDefaultTemplates(db.db);
  let url: string | undefined;
  let worker: Worker | undefined;
  const secret = await jwtSecret(config);
  const core: CoreContext = {
    config,
    database: db,
    db: db.db,
    tokens: createTokenSigner(secret),
    links: createLinkSigner(secret),
    gatewaySecrets: createSecretSealer(await gatewaySecretsKey(config)),
    publicUrl: () => config.publicUrl ?? url ?? `http://localhost:${config.port}`,
    brokerUrl: () => gatewayBrokerUrl(config, mqtt?.brokerUrl),
    jobsEnqueued: () => worker?.kick(),
    lookupHost: options.lookupHost ?? systemLookup,
  };
  let mqtt: MqttRoles | undefined;
  // The ingest path's events feed the realtime side, which announces the engine's alarms.
  const events = new IngestEvents();
  const realtime = createRealtime({
    config,
    events,
    log: logger.child({ role: 'realtime' }),
    sources: realtimeSources(core),
  });
  const {
    hub: ingest,
    alarms,
    doors,
  } = createIngestPath(
    core,
    logger.child({ role: 'ingest' }),
    await ingestInstanceId(config.dataDir),
    { events, announce: realtimeAnnouncer(realtime) },
  );
  const ctx: AppContext = { ...core, ingest, realtime, alarms };
  if (config.roles.includes('worker')) {
    const mailer = createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: join(config.dataDir, 'outbox'),
    });
    worker = createWorker({
      db: db.db,
      handlers: jobHandlers({
        mailer,
        db: db.db,
        dataDir: config.dataDir,
        reports: reportJobHandlers({
          db: db.db,
          dataDir: config.dataDir,
          mailer,
          links: ctx.links,
          publicUrl: ctx.publicUrl,
          attachmentMaxBytes: config.reportAttachmentMaxBytes,
        }),
        alarms: alarmExportJobHandlers({ db: db.db, dataDir: config.dataDir }),
        scheduled: scheduledJobHandlers({
          db: db.db,
          rawRetentionDays: config.rawRetentionDays,
          rollupRetentionDays: config.rollupRetentionDays,
          events: ingest.events,
          log: logger.child({ role: 'worker' }),
          alarms: { announce: realtimeAnnouncer(realtime), jobsEnqueued: ctx.jobsEnqueued },
        }),
        auth: enrolmentJobHandlers({ db: db.db, publicUrl: ctx.publicUrl }),
        notify: notificationJobHandlers({
          db: db.db,
          mailer,
          config,
          publicUrl: ctx.publicUrl,
          log: logger.child({ role: 'notify' }),
          lookupHost: ctx.lookupHost,
        }),
      }),
      log: logger.child({ role: 'worker' }),
    });
  }
  const app = config.roles.includes('api') ? await buildApp(ctx, logger) : undefined;
  let schedule: { stop: () => void } | undefined;

  return {
    ctx,
    app,
    worker,
    ingest,
    doors,
    realtime,
    get url() {
      return url;
    },
    get mqttUrl() {
      return mqtt?.brokerUrl;
    },
    get mqttPort() {
      return mqtt?.brokerPort;
    },
    async listen() {
      if (worker) {
        worker.start();
        schedule = startClock({
          db: db.db,
          entries: clockEntries,
          log: logger,
          kick: ctx.jobsEnqueued,
        });
      }
      // Readings this instance stored but did not follow up on before it stopped go first.
      if (config.roles.includes('ingest')) await ingest.followUp.start();
      mqtt = await listenOn('MQTT_PORT', config.mqttPort, config.host, () =>
        startMqttRoles(ctx, ingest, logger),
      );
      if (!app) return '';
      await listenOn('PORT', config.port, config.host, () =>
        app.listen({ port: config.port, host: config.host }),
      );
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : config.port;
      const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
      url = `http://${host}:${port}`;
      return url;
    },
    async close() {
      // Take no new MQTT message or request and let those in flight finish (closing the app
      // disconnects its sockets first); then write what is queued (acknowledging it), disconnect
      // gateways, stop jobs, send the last live events and close Redis, and the database last.
      await mqtt?.stopAccepting();
      await app?.close();
      await ingest.writer.close();
      await ingest.followUp.close();
      await alarms.engine.close();
      await mqtt?.close();
      await ingest.pipeline.close();
      await ingest.logs.close();
      schedule?.stop();
      await worker?.stop();
      await realtime.close();
      await db.close();
    },
  };
}

/** Runs `start`; a taken port becomes one clear line naming the variable to change. */
async function listenOn<T>(
  variable: string,
  port: number,
  host: string,
  start: () => Promise<T>,
): Promise<T> {
  try {
    return await start();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new PortInUseError(
        `Port ${port} on ${host} is already in use: set ${variable} to a free port.`,
      );
    }
    throw error;
  }
}
