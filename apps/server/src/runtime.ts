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
import { createIngestPath, type AlarmEvaluation } from './ingest-path.js';
import { ingestInstanceId } from './ingest/instance.js';
import { checkMqttRoles, startMqttRoles, type MqttRoles } from './ingest/roles.js';
import { alarmExportJobHandlers, realtimeAnnouncer } from './modules/alarms/index.js';
import type { DoorTracker } from './modules/doors/index.js';
import { gatewayBrokerUrl } from './modules/gateways/index.js';
import { createMailer } from './notify/email.js';
import { enrolmentJobHandlers } from './modules/auth/index.js';
import { notificationJobHandlers } from './modules/notifications/index.js';
import { systemLookup, type HostLookup } from './notify/webhook-target.js';
import { ensureDefaultTemplates } from './modules/message-templates/index.js';
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
  /** The alarm engine of the ingest follow-up and the enabled alarms it caches. */
  alarms: AlarmEvaluation;
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

/** What the process starts later (`listen`), read by the context's callbacks once it exists. */
type Started = {
  url?: string;
  worker?: Worker;
  mqtt?: MqttRoles;
  schedule?: { stop: () => void };
};

/** The given database, or the one the config names (PostgreSQL, or PGlite in DATA_DIR). */
async function openRuntimeDatabase(
  config: Config,
  logger: Logger,
  database: Database | undefined,
): Promise<Database> {
  if (database) return database;
  return openDatabase(
    config.databaseUrl
      ? {
          databaseUrl: config.databaseUrl,
          onIdleError: (error) => {
            logger.warn({ err: error }, 'an idle database connection was closed');
          },
        }
      : { dataDir: config.dataDir },
  );
}

async function createCore(
  config: Config,
  database: Database,
  started: Started,
  lookupHost: HostLookup,
): Promise<CoreContext> {
  const secret = await jwtSecret(config);
  return {
    config,
    database,
    db: database.db,
    tokens: createTokenSigner(secret),
    links: createLinkSigner(secret),
    gatewaySecrets: createSecretSealer(await gatewaySecretsKey(config)),
    publicUrl: () => config.publicUrl ?? started.url ?? `http://localhost:${config.port}`,
    brokerUrl: () => gatewayBrokerUrl(config, started.mqtt?.brokerUrl),
    jobsEnqueued: () => started.worker?.kick(),
    lookupHost,
  };
}

/** The worker role: every domain's job handlers, with the mailer they share. */
function createJobWorker(ctx: AppContext, logger: Logger): Worker {
  const { config, db } = ctx;
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: join(config.dataDir, 'outbox'),
  });
  return createWorker({
    db,
    handlers: jobHandlers({
      mailer,
      db,
      dataDir: config.dataDir,
      reports: reportJobHandlers({
        db,
        dataDir: config.dataDir,
        mailer,
        links: ctx.links,
        publicUrl: ctx.publicUrl,
        attachmentMaxBytes: config.reportAttachmentMaxBytes,
      }),
      alarms: alarmExportJobHandlers({ db, dataDir: config.dataDir }),
      scheduled: scheduledJobHandlers({
        db,
        rawRetentionDays: config.rawRetentionDays,
        rollupRetentionDays: config.rollupRetentionDays,
        events: ctx.ingest.events,
        log: logger.child({ role: 'worker' }),
        alarms: { announce: realtimeAnnouncer(ctx.realtime), jobsEnqueued: ctx.jobsEnqueued },
      }),
      auth: enrolmentJobHandlers({ db, publicUrl: ctx.publicUrl }),
      notify: notificationJobHandlers({
        db,
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

/** The parts a process built, which `listen` starts and `close` stops in order. */
type Parts = {
  ctx: AppContext;
  app: FastifyInstance | undefined;
  logger: Logger;
  alarms: AlarmEvaluation;
};

async function listenAll({ ctx, app, logger }: Parts, started: Started): Promise<string> {
  const { config, ingest } = ctx;
  if (started.worker) {
    started.worker.start();
    started.schedule = startClock({
      db: ctx.db,
      entries: clockEntries,
      log: logger,
      kick: ctx.jobsEnqueued,
    });
  }
  // Readings this instance stored but did not follow up on before it stopped go first.
  if (config.roles.includes('ingest')) await ingest.followUp.start();
  started.mqtt = await listenOn('MQTT_PORT', config.mqttPort, config.host, () =>
    startMqttRoles(ctx, ingest, logger),
  );
  if (!app) return '';
  await listenOn('PORT', config.port, config.host, () =>
    app.listen({ port: config.port, host: config.host }),
  );
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  started.url = `http://${host}:${port}`;
  return started.url;
}

/**
 * Takes no new MQTT message or request and lets those in flight finish (closing the app
 * disconnects its sockets first); then writes what is queued (acknowledging it), disconnects
 * gateways, stops jobs, sends the last live events and closes Redis, and the database last.
 */
async function closeAll({ ctx, app, alarms }: Parts, started: Started): Promise<void> {
  const { ingest } = ctx;
  await started.mqtt?.stopAccepting();
  await app?.close();
  await ingest.writer.close();
  await ingest.followUp.close();
  await alarms.engine.close();
  await started.mqtt?.close();
  await ingest.pipeline.close();
  await ingest.logs.close();
  started.schedule?.stop();
  await started.worker?.stop();
  await ctx.realtime.close();
  await ctx.database.close();
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
  const db = await openRuntimeDatabase(config, logger, database);
  await ensureDefaultTemplates(db.db);
  const started: Started = {};
  const core = await createCore(config, db, started, options.lookupHost ?? systemLookup);
  // The ingest path's events feed the realtime side, which announces the engine's alarms.
  const events = new IngestEvents();
  const realtime = createRealtime({
    config,
    events,
    log: logger.child({ role: 'realtime' }),
    sources: realtimeSources(core),
  });
  const { hub, alarms, doors } = createIngestPath(
    core,
    logger.child({ role: 'ingest' }),
    await ingestInstanceId(config.dataDir),
    { events, announce: realtimeAnnouncer(realtime) },
  );
  const ctx: AppContext = { ...core, ingest: hub, realtime, alarms };
  if (config.roles.includes('worker')) started.worker = createJobWorker(ctx, logger);
  const app = config.roles.includes('api') ? await buildApp(ctx, logger) : undefined;
  const parts: Parts = { ctx, app, logger, alarms };
  return {
    ctx,
    app,
    worker: started.worker,
    ingest: hub,
    doors,
    alarms,
    realtime,
    get url() {
      return started.url;
    },
    get mqttUrl() {
      return started.mqtt?.brokerUrl;
    },
    get mqttPort() {
      return started.mqtt?.brokerPort;
    },
    listen: () => listenAll(parts, started),
    close: () => closeAll(parts, started),
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
