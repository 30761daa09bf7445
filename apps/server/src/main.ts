import { fileURLToPath } from 'node:url';
import pino, { type Logger } from 'pino';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openDatabase } from './db/client.js';
import * as audit from './modules/audit/index.js';
import { allAccounts } from './lib/scope.js';
import { createRuntime, PortInUseError, type Runtime } from './runtime.js';
import { demoLogins, demoPassword, seedDemo } from './seed/demo.js';
import { startDemoGateways, type DemoGateways } from './seed/demo-gateways.js';

function createLogger(config: Config) {
  return pino({
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers["x-api-key"]',
        '*.password',
        '*.passwordHash',
        '*.secret',
      ],
      censor: '[redacted]',
    },
  });
}

/** Runs the demo gateways in the process that has the MQTT side, without holding up start-up. */
function startDemo(
  config: Config,
  runtime: Runtime,
  logger: Logger,
  signal: AbortSignal,
): Promise<DemoGateways> {
  const runsMqtt = config.roles.includes('broker') || config.roles.includes('ingest');
  if (!config.demo || !runsMqtt) return Promise.resolve(undefined);
  return startDemoGateways({
    db: runtime.ctx.db,
    config,
    brokerUrl: runtime.mqttUrl ?? runtime.ctx.brokerUrl(),
    sealer: runtime.ctx.gatewaySecrets,
    brokerAccounts: runtime.ingest.brokerAccounts,
    log: logger.child({ role: 'simulator' }),
    signal,
  }).catch((error: unknown) => {
    logger.error({ err: error }, 'demo gateways did not start');
    return undefined;
  });
}

function printBanner(config: Config, url: string, mqttUrl: string | undefined) {
  if (!url && !mqttUrl) return;
  const lines = [``];
  if (url) lines.push(`  Vigil is running at ${url}`);
  if (mqttUrl) lines.push(`  MQTT broker (gateways) at ${mqttUrl}`);
  lines.push(``);
  if (config.demo) {
    lines.push(`  Demo logins (password "${demoPassword}"):`);
    for (const login of demoLogins) lines.push(`    ${login.email.padEnd(26)} ${login.role}`);
    lines.push('');
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

async function serve(config: Config) {
  const logger = createLogger(config);
  const runtime = await createRuntime(config, logger);
  if (config.demo && (await seedDemo(runtime.ctx.db, { inventory: true })))
    logger.info('demo data created');
  const url = await runtime.listen();
  const stopDemo = new AbortController();
  const demo = startDemo(config, runtime, logger, stopDemo.signal);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down: draining requests and MQTT messages');
    const force = setTimeout(() => {
      logger.error('shutdown took longer than 15 s; exiting');
      process.exit(1);
    }, 15_000);
    force.unref();
    stopDemo.abort();
    demo
      .then((gateways) => gateways?.stop())
      .then(() => runtime.close())
      .then(
        () => {
          logger.info('shut down cleanly');
          process.exit(0);
        },
        (error: unknown) => {
          logger.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', () => {
    shutdown('SIGINT');
  });
  process.on('SIGTERM', () => {
    shutdown('SIGTERM');
  });

  const mqttUrl = runtime.mqttUrl;
  logger.info(
    { url, mqttUrl, roles: config.roles, database: runtime.ctx.database.kind },
    'Vigil is running',
  );
  printBanner(config, url, mqttUrl);
}

/** `audit:verify`: walks every audit chain and reports the first broken link (exit 1 if any). */
async function verifyAudit(config: Config) {
  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
  );
  try {
    const result = await audit.verify(database.db, allAccounts);
    if (result.ok) {
      process.stdout.write(
        `audit trail intact: ${result.entries} entries in ${result.chains} chains\n`,
      );
    } else {
      const broken = result.firstBroken;
      process.stdout.write(
        `audit trail BROKEN in chain ${broken?.chain ?? '?'} at seq ${broken?.seq ?? '?'}${broken?.id ? ` (entry ${broken.id})` : ''}: ${broken?.reason ?? ''}\n`,
      );
      process.exitCode = 1;
    }
  } finally {
    await database.close();
  }
}

async function main() {
  const command = process.argv[2] ?? 'serve';
  // The built web app sits beside the server: apps/web/dist from apps/server/dist/main.js.
  const builtWeb = fileURLToPath(new URL('../../web/dist', import.meta.url));
  const config = loadConfig({ WEB_DIR: builtWeb, ...process.env });
  if (command === 'serve') await serve(config);
  else if (command === 'audit:verify') await verifyAudit(config);
  else throw new ConfigError(`unknown command "${command}" (expected serve or audit:verify)`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof PortInUseError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
