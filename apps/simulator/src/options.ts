import { parseArgs } from 'node:util';
import { z } from 'zod';

const optionsSchema = z.object({
  mode: z.enum(['demo', 'load']),
  url: z.url().refine((value) => /^mqtts?:\/\//.test(value), 'must start with mqtt:// or mqtts://'),
  gateways: z.coerce.number().int().min(1).max(10_000),
  devices: z.coerce.number().int().min(1).max(1_000_000),
  rate: z.coerce.number().positive().max(1_000_000),
  batch: z.coerce.number().int().min(1).max(10_000),
  window: z.coerce.number().int().min(1).max(10_000),
  /** JSON file with the gateways' ids and secrets (and, for load, their device ids). */
  credentials: z.string().min(1, 'a credentials file is required (--credentials <file.json>)'),
  duration: z.coerce.number().positive().max(86_400),
  backfill: z.coerce
    .number()
    .min(0)
    .max(24 * 31),
});
export type SimulatorOptions = z.infer<typeof optionsSchema>;

export const usage = `Usage: vigil-simulator [demo|load] [options]

  demo                     the demo laboratory's gateways and devices (default)
  load                     a load generator for benchmarks

  --url <mqtt-url>         broker to publish to            (default mqtt://127.0.0.1:1883)
  --gateways <n>           gateways to simulate            (default 2)
  --devices <n>            devices across those gateways   (default 12)
  --rate <readings/s>      readings per second in all      (default 1.2)
  --batch <n>              readings per MQTT message       (default 1)
  --window <n>             load: messages in flight per gateway (default 1)
  --credentials <file>     JSON: [{ "gatewayId", "secret", "devices": ["aa:bb:..", ...] }]
  --duration <seconds>     load: how long to publish       (default 30)
  --backfill <hours>       demo: history to send first     (default 0)
`;

/** Reads the command line; a bad value is one clear error naming the option. */
export function parseOptions(argv: string[]): SimulatorOptions {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      url: { type: 'string', default: 'mqtt://127.0.0.1:1883' },
      gateways: { type: 'string', default: '2' },
      devices: { type: 'string', default: '12' },
      rate: { type: 'string', default: '1.2' },
      batch: { type: 'string', default: '1' },
      window: { type: 'string', default: '1' },
      credentials: { type: 'string', default: '' },
      duration: { type: 'string', default: '30' },
      backfill: { type: 'string', default: '0' },
    },
  });
  const parsed = optionsSchema.safeParse({ mode: positionals[0] ?? 'demo', ...values });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `Invalid ${String(issue?.path[0] ?? 'option')}: ${issue?.message ?? 'invalid value'}`,
    );
  }
  return parsed.data;
}
