/**
 * `npm run bench:alarm-latency`: the time from the MQTT publish of an out-of-range reading
 * (alarm delay 0) to the alarm email accepted by a real SMTP peer (`smtp-server` on loopback),
 * through the embedded broker, ingest and its follow-up, the alarm engine, the notification
 * fan-out job and the delivery job: p50 and p99 over BENCH_ALARMS excursions (200) while other
 * gateways keep ingest busy (BENCH_LOAD_RATE readings/s, 5,000, from BENCH_LOAD_DEVICES devices),
 * against the target p99 < 2 s, and against the same measured first with ingest idle
 * (BENCH_BASELINE excursions: the ratio is what the load costs). One device, one alarm, one
 * recipient; each excursion is followed by an in-range reading (its "back in range" mail is
 * timed too). Readings are 16 minutes apart in reading time, so that each raise is notified
 * (the engine notifies a flapping raise at most once a `frequency`). PGlite, or PostgreSQL with
 * DATABASE_URL (a fresh database is created and dropped).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { topics } from '@vigil/contracts';
import mqtt from 'mqtt';
import pino from 'pino';
import { alarmDefinitionsChanged } from '../apps/server/src/modules/alarms/engine/definitions.js';
import { loadConfig } from '../apps/server/src/config.js';
import type { Database, Db } from '../apps/server/src/db/client.js';
import { alarms, alarmUsers, devices, gateways } from '../apps/server/src/db/schema/index.js';
import { hashPassword } from '../apps/server/src/lib/secrets.js';
import * as accountsRepo from '../apps/server/src/modules/accounts/repo.js';
import * as usersRepo from '../apps/server/src/modules/users/repo.js';
import { createRuntime } from '../apps/server/src/runtime.js';
import { startSmtpPeer, type ReceivedMail } from '../apps/server/test/helpers/smtp-peer.js';
import { freshPostgres, insertLoadGateway } from './bench-database.js';
import { forkPacedPublisher } from './live-publisher.js';
import { writeResults } from './results-file.js';

const settings = {
  alarms: Number(process.env.BENCH_ALARMS ?? 200),
  baseline: Number(process.env.BENCH_BASELINE ?? 50),
  loadRate: Number(process.env.BENCH_LOAD_RATE ?? 5000),
  loadDevices: Number(process.env.BENCH_LOAD_DEVICES ?? 200),
  /** The longest one mail may take before the run is called failed. */
  timeoutMs: Number(process.env.BENCH_MAIL_TIMEOUT_MS ?? 15_000),
  targetP99Ms: 2000,
  // Unset: the server's default (config.ts).
  flushMs: process.env.INGEST_FLUSH_MS,
};

type Latency = { p50: number; p90: number; p99: number; max: number };

function percentiles(samples: number[]): Latency {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    p50: round(at(0.5)),
    p90: round(at(0.9)),
    p99: round(at(0.99)),
    max: round(sorted.at(-1) ?? 0),
  };
}

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

/** An account, its owner (the recipient), a gateway with one fridge and its alarm (2–8 °C, delay 0). */
async function seed(db: Db) {
  const email = `bench-owner-${hex(3)}@vigil.test`;
  const account = await accountsRepo.insertAccount(db, {
    companyName: 'Bench Laboratory',
    email,
    countryCode: '+44',
    phoneNumber: '2070000000',
  });
  const owner = await usersRepo.insertUser(db, {
    accountId: account.id,
    parentId: null,
    name: 'Bench Owner',
    email,
    passwordHash: await hashPassword(hex(8)),
    role: 'super_user',
    countryCode: '+44',
    phoneNumber: '2070000001',
    isActivated: true,
    emailConfirmedAt: new Date(),
  });
  const secret = hex(16);
  const gatewayId = `bench-alarm-${hex(3)}`;
  const [gateway] = await db
    .insert(gateways)
    .values({
      accountId: account.id,
      gatewayId,
      name: gatewayId,
      secretHash: await hashPassword(secret),
    })
    .returning({ id: gateways.id });
  const deviceId = [...randomBytes(6)].map((b) => b.toString(16).padStart(2, '0')).join(':');
  const [device] = await db
    .insert(devices)
    .values({
      accountId: account.id,
      deviceId,
      name: 'Bench fridge',
      gatewayId: gateway?.id ?? null,
    })
    .returning({ id: devices.id });
  if (!device) throw new Error('device not inserted');
  const [alarm] = await db
    .insert(alarms)
    .values({
      accountId: account.id,
      deviceId: device.id,
      name: 'Bench fridge too warm',
      tempEnabled: true,
      minTemp: 2,
      maxTemp: 8,
      delay: 0,
      frequency: 15,
      emailEnable: true,
    })
    .returning({ id: alarms.id });
  if (!alarm) throw new Error('alarm not inserted');
  await db.insert(alarmUsers).values({ alarmId: alarm.id, userId: owner.id });
  const load = await insertLoadGateway(db, account.id, settings.loadDevices);
  return { gatewayId, secret, deviceId, recipient: email, load };
}

/** PostgreSQL (a fresh database) with DATABASE_URL, else undefined: the runtime opens PGlite. */
async function benchDatabase(): Promise<{ database?: Database; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) return { drop: () => Promise.resolve() };
  return freshPostgres(url, 'vigil_bench_alarm');
}

async function main() {
  const dataDir = await mkdtemp(join(tmpdir(), 'vigil-bench-alarm-'));
  const mails: ReceivedMail[] = [];
  let wake: (() => void) | undefined;
  const smtp = await startSmtpPeer((mail) => {
    mails.push(mail);
    wake?.();
  });
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    JWT_SECRET: hex(32),
    ROLES: 'api,ingest,worker,broker',
    HOST: '127.0.0.1',
    PORT: '0',
    MQTT_PORT: '0',
    SMTP_URL: smtp.url,
    PUBLIC_URL: 'http://vigil.bench',
    INGEST_FLUSH_MS: settings.flushMs,
    WEB_DIR: '',
  });
  const { database, drop } = await benchDatabase();
  const runtime = await createRuntime(config, pino({ level: 'warn' }), database);
  const plan = await seed(runtime.ctx.db);
  alarmDefinitionsChanged(runtime.ctx);
  await runtime.listen();
  const client = await mqtt.connectAsync(runtime.mqttUrl ?? '', {
    protocolVersion: 4,
    clientId: `bench-${plan.gatewayId}`,
    username: plan.gatewayId,
    password: plan.secret,
    reconnectPeriod: 0,
  });

  const waitForMail = async (count: number) => {
    const deadline = Date.now() + settings.timeoutMs;
    while (mails.length < count) {
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(
          `mail ${String(count)} did not arrive within ${String(settings.timeoutMs)} ms`,
        );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    const mail = mails[count - 1];
    if (!mail) throw new Error(`no mail ${String(count)}`);
    return mail;
  };
  const publish = async (tsMs: number, t: number) => {
    const started = performance.now();
    const payload = JSON.stringify({
      readings: [{ deviceId: plan.deviceId, ts: new Date(tsMs).toISOString(), data: { t } }],
    });
    await client.publishAsync(topics.up(plan.gatewayId), payload, { qos: 1 });
    return started;
  };

  const stepMs = 16 * 60_000;
  const total = settings.baseline + settings.alarms;
  const base = Date.now() - (total + 1) * stepMs;
  let done = 0;
  /** `count` excursions, each a raise mail then a recovery mail. */
  const excursions = async (count: number) => {
    const raised: number[] = [];
    const cleared: number[] = [];
    for (let i = 0; i < count; i += 1, done += 1) {
      const out = await publish(base + done * stepMs, 9 + (done % 10) / 10);
      const raiseMail = await waitForMail(2 * done + 1);
      if (raiseMail.data.includes('Back in range')) throw new Error('expected a raise mail');
      raised.push(raiseMail.at - out);
      const back = await publish(base + done * stepMs + stepMs / 2, 5);
      const clearMail = await waitForMail(2 * done + 2);
      if (!clearMail.data.includes('Back in range')) throw new Error('expected a recovery mail');
      cleared.push(clearMail.at - back);
    }
    return { raise: percentiles(raised), recovery: percentiles(cleared), count };
  };

  process.stdout.write(
    `${runtime.ctx.database.kind}: ${String(settings.baseline)} excursions with ingest idle, then ${String(settings.alarms)} while ${String(settings.loadDevices)} other devices send ${String(settings.loadRate)} readings/s; mail to ${plan.recipient}\n`,
  );
  const idle = await excursions(settings.baseline);
  const load = forkPacedPublisher({
    url: runtime.mqttUrl ?? '',
    gateways: [plan.load],
    rate: settings.loadRate,
    batch: 50,
    window: 16,
    durationSeconds: 3600,
  });
  const storedBefore = await storedReadings(runtime);
  const loadStarted = performance.now();
  const loaded = await excursions(settings.alarms);
  const loadRate =
    ((await storedReadings(runtime)) - storedBefore) / ((performance.now() - loadStarted) / 1000);
  load.stop();
  await client.endAsync();
  await runtime.close();
  await drop();
  await smtp.close();
  await rm(dataDir, { recursive: true, force: true });

  const pass = loaded.raise.p99 < settings.targetP99Ms;
  const ratio = Number((loaded.raise.p99 / Math.max(1, idle.raise.p99)).toFixed(2));
  process.stdout.write(
    `ingest idle: publish -> alarm email accepted p50 ${String(idle.raise.p50)} ms, p99 ${String(idle.raise.p99)} ms\n` +
      `under load (${String(Math.round(loadRate))} readings/s stored meanwhile): p50 ${String(loaded.raise.p50)} ms, p99 ${String(loaded.raise.p99)} ms, max ${String(loaded.raise.max)} ms ` +
      `(target p99 < ${String(settings.targetP99Ms)} ms: ${pass ? 'met' : 'NOT met'})\n` +
      `publish -> recovery email accepted under load: p50 ${String(loaded.recovery.p50)} ms, p99 ${String(loaded.recovery.p99)} ms\n` +
      `p99 under load / p99 idle: ${String(ratio)}; load ${loadavg()
        .map((v) => v.toFixed(2))
        .join(' ')}\n`,
  );
  await writeResults('alarm-latency', {
    settings: { ...settings, database: runtime.ctx.database.kind },
    idle,
    loaded: { ...loaded, readingsPerSecondStored: Math.round(loadRate) },
    ratioLoadedToIdleP99: ratio,
    targetP99Ms: settings.targetP99Ms,
    targetMet: pass,
    load: loadavg(),
  });
  if (!pass) process.exitCode = 1;
}

/** Readings stored so far (the ingest counter). */
async function storedReadings(runtime: Awaited<ReturnType<typeof createRuntime>>) {
  const metrics = await runtime.ingest.registry.getMetricsAsJSON();
  const readings = metrics.find((metric) => metric.name === 'vigil_ingest_readings_total');
  return (readings?.values ?? [])
    .filter((value) => value.labels.outcome === 'inserted')
    .reduce((sum, value) => sum + value.value, 0);
}

await main();
