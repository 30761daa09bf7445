import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { startDemo } from './demo.js';
import { runLoad } from './load.js';
import { parseOptions, usage } from './options.js';

const credentialsFile = z.array(
  z.object({
    gatewayId: z.string().min(1),
    secret: z.string().min(1),
    devices: z.array(z.string()).default([]),
  }),
);

const log = (line: string) => {
  process.stdout.write(`${new Date().toISOString()} ${line}\n`);
};

async function main(argv: string[]) {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(usage);
    return;
  }
  const options = parseOptions(argv);
  const gateways = credentialsFile.parse(JSON.parse(await readFile(options.credentials, 'utf8')));
  if (options.mode === 'demo') {
    const demo = await startDemo({
      url: options.url,
      credentials: gateways,
      backfillHours: options.backfill,
      log,
    });
    log(`demo: ${gateways.length} gateways publishing to ${options.url}; Ctrl-C to stop`);
    const stop = () => {
      void demo.stop().then(() => process.exit(0));
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    return;
  }
  const result = await runLoad({
    url: options.url,
    gateways,
    rate: options.rate,
    batch: options.batch,
    window: options.window,
    durationSeconds: options.duration,
    log,
  });
  log(
    `load: ${result.sent} readings in ${result.seconds.toFixed(1)} s = ${Math.round(result.readingsPerSecond)} readings/s`,
  );
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n\n${usage}`);
  process.exit(2);
});
