import { hostname } from 'node:os';
import { resolve } from 'node:path';
import { z } from 'zod';

export const serverRoles = ['api', 'ingest', 'worker', 'broker'] as const;
export type ServerRole = (typeof serverRoles)[number];

const flag = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no', ''])
  .transform((value) => ['1', 'true', 'on', 'yes'].includes(value));

const postgresUrl = z
  .url()
  .refine(
    (value) => /^postgres(ql)?:\/\//.test(value),
    'must start with postgres:// or postgresql://',
  );

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: postgresUrl.optional(),
  REDIS_URL: z
    .url()
    .refine((value) => /^rediss?:\/\//.test(value), 'must start with redis:// or rediss://')
    .optional(),
  SMTP_URL: z
    .url()
    .refine((value) => /^smtps?:\/\//.test(value), 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Vigil <no-reply@vigil.test>'),
  /** SMS and voice through a Twilio-compatible HTTP API; all four set, or none (messages skipped). */
  SMS_API_URL: z
    .url()
    .refine((value) => /^https?:\/\//.test(value), 'must start with http:// or https://')
    .optional(),
  SMS_ACCOUNT_SID: z.string().min(1).optional(),
  SMS_AUTH_TOKEN: z.string().min(1).optional(),
  SMS_FROM: z.string().min(1).optional(),
  /** The address people reach the web app at, used in the links of emails. */
  PUBLIC_URL: z.url().optional(),
  /** On-premises installs may send webhooks to private and local addresses; off by default. */
  WEBHOOK_ALLOW_PRIVATE: flag.default(false),
  /** When set, `/metrics` answers only `Authorization: Bearer <METRICS_TOKEN>`. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  MQTT_URL: z
    .url()
    .refine((value) => /^mqtts?:\/\//.test(value), 'must start with mqtt:// or mqtts://')
    .optional(),
  /**
   * How gateways are authenticated on the external broker: `dynsec` (Mosquitto's dynamic
   * security plugin, kept in step by the server; the default with MQTT_URL), `http` (the broker
   * calls POST /api/mqtt/auth and /api/mqtt/acl: EMQX, VerneMQ) or `none` (nothing: said aloud).
   */
  MQTT_AUTH: z.enum(['dynsec', 'http', 'none']).optional(),
  /** The ingest process's stable client id on the external broker; default from host name and role. */
  MQTT_CLIENT_ID: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,64}$/, 'must be 1 to 64 letters, digits, dots, dashes or underscores')
    .optional(),
  /** How long the broker keeps a stopped ingest process's session (MQTT 5 session expiry). */
  MQTT_SESSION_EXPIRY_S: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 86_400)
    .default(3600),
  /** The shared-subscription group of the ingest processes. */
  MQTT_SHARE_GROUP: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1 to 64 letters, digits, dashes or underscores')
    .default('vigil-ingest'),
  /** MQTT_AUTH=http: the secret the broker sends in the x-vigil-hook-secret header. */
  MQTT_HOOK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Seals gateway secrets so that the broker's accounts can be rebuilt; default: DATA_DIR's. */
  GATEWAY_SECRETS_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /** The embedded broker's port (0 = a free one). */
  MQTT_PORT: z.coerce.number().int().min(0).max(65535).default(1883),
  /** The broker address gateways are told to connect to; default: the embedded broker's. */
  MQTT_PUBLIC_URL: z.url().optional(),
  /** Default: api,ingest,worker, plus broker when MQTT_URL is unset. */
  ROLES: z
    .string()
    .optional()
    .transform((value) =>
      value
        ?.split(',')
        .map((role) => role.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(serverRoles)).min(1).optional()),
  /**
   * Readings per database write, and the longest a reading waits for company when its lane is
   * idle. While a lane writes, what arrives gathers into the next batch anyway (group commit), so
   * a short wait costs no throughput: bench:ingest on PostgreSQL 98k/102k readings/s with 50 ms,
   * 102k/101k with 2 ms; PGlite 45.7k/41.8k and 44.5k/44.0k. It takes ~45-65 ms off every
   * reading's way to the live views and the alarm engine (bench:live p50 on PostgreSQL 120-126 ms
   * with 50 ms, 54-56 ms with 5 ms; on PGlite 156-165 ms and 94-101 ms).
   */
  INGEST_BATCH_SIZE: z.coerce.number().int().min(1).max(50_000).default(2000),
  INGEST_FLUSH_MS: z.coerce.number().int().min(1).max(10_000).default(5),
  /** Days of raw readings (and of their 1-minute rollups) kept: whole months are dropped. */
  RAW_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(400),
  /** Days of 10-minute and hourly rollups kept; 6-hour and daily rollups are kept for good. */
  ROLLUP_10M_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(1095),
  ROLLUP_1H_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(3650),
  /** Days a deleted (disabled) account's data is kept before the worker purges it. */
  ACCOUNT_PURGE_GRACE_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
  /** The largest firmware file an upload may carry, in bytes (16 MiB). */
  FIRMWARE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(512 * 1024 * 1024)
    .default(16 * 1024 * 1024),
  /** The largest floor-plan image a map upload may carry, in bytes (10 MiB). */
  MAP_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(100 * 1024 * 1024)
    .default(10 * 1024 * 1024),
  /** Report files above this many bytes are mailed as a signed link, not attached (8 MiB). */
  REPORT_ATTACHMENT_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(100 * 1024 * 1024)
    .default(8 * 1024 * 1024),
  DEMO: flag.default(false),
  /** Share (0 to 1) of the demo gateways' firmware updates that fail, to show the failure path. */
  DEMO_OTA_FAILURE_RATE: z.coerce.number().min(0).max(1).default(0),
  /** Hours of history the demo gateways send on the first start (and at most after a pause). */
  DEMO_HISTORY_HOURS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 31)
    .default(24),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Hours a sign-in session lasts. */
  SESSION_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(12),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where the built web app is; empty to serve no web app. */
  WEB_DIR: z.string().optional(),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The SMS/voice provider, when SMS_API_URL, SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM are set. */
  sms: { apiUrl: string; accountSid: string; authToken: string; from: string } | undefined;
  publicUrl: string | undefined;
  webhookAllowPrivate: boolean;
  metricsToken: string | undefined;
  roles: ServerRole[];
  mqttUrl: string | undefined;
  mqttPort: number;
  mqttPublicUrl: string | undefined;
  /** Undefined without MQTT_URL: the embedded broker checks gateway secrets itself. */
  mqttAuth: MqttAuth | undefined;
  mqttClientId: string;
  mqttSessionExpirySeconds: number;
  mqttShareGroup: string;
  mqttHookSecret: string | undefined;
  gatewaySecretsKey: string | undefined;
  ingestBatchSize: number;
  ingestFlushMs: number;
  rawRetentionDays: number;
  /** Days each rollup level is kept; a level not named is kept for good. */
  rollupRetentionDays: { '1m': number; '10m': number; '1h': number };
  accountPurgeGraceDays: number;
  firmwareMaxBytes: number;
  mapMaxBytes: number;
  reportAttachmentMaxBytes: number;
  demo: boolean;
  demoOtaFailureRate: number;
  demoHistoryHours: number;
  jwtSecret: string | undefined;
  sessionHours: number;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  webDir: string | undefined;
};

export type MqttAuth = 'dynsec' | 'http' | 'none';

function defaultRoles(mqttUrl: string | undefined): ServerRole[] {
  return mqttUrl ? ['api', 'ingest', 'worker'] : ['api', 'ingest', 'worker', 'broker'];
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const secretVariables = new Set([
  'JWT_SECRET',
  'GATEWAY_SECRETS_KEY',
  'MQTT_HOOK_SECRET',
  'SMS_AUTH_TOKEN',
]);

/** A bad value as the error may show it: never a secret, nor the password in a URL. */
function shownValue(name: string, value: string | undefined): string | undefined {
  if (value === undefined || secretVariables.has(name)) return undefined;
  return value.replace(/\/\/([^:/@]*):[^@/]*@/, '//$1:***@');
}

type Env = z.output<typeof envSchema>;

/** The parsed environment; a bad value is one clear error naming the variable. */
function parseEnv(env: Record<string, string | undefined>): Env {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    const value = shownValue(name, env[name]);
    throw new ConfigError(
      `Invalid ${name}${value === undefined ? '' : ` (${JSON.stringify(value)})`}: ${issue?.message ?? 'invalid value'}`,
    );
  }
  return parsed.data;
}

/** The SMS/voice provider, when all four of its variables are set. */
function smsOf(e: Env): Config['sms'] {
  return e.SMS_API_URL && e.SMS_ACCOUNT_SID && e.SMS_AUTH_TOKEN && e.SMS_FROM
    ? {
        apiUrl: e.SMS_API_URL.replace(/\/$/, ''),
        accountSid: e.SMS_ACCOUNT_SID,
        authToken: e.SMS_AUTH_TOKEN,
        from: e.SMS_FROM,
      }
    : undefined;
}

/** A coarser rollup level is never kept for less time than a finer one. */
function rollupRetentionOf(e: Env): Config['rollupRetentionDays'] {
  return {
    '1m': e.RAW_RETENTION_DAYS,
    '10m': Math.max(e.RAW_RETENTION_DAYS, e.ROLLUP_10M_RETENTION_DAYS),
    '1h': Math.max(e.RAW_RETENTION_DAYS, e.ROLLUP_10M_RETENTION_DAYS, e.ROLLUP_1H_RETENTION_DAYS),
  };
}

/** Reads the environment into a typed config; a bad value is one clear error naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const e = parseEnv(env);
  const mqttAuth = checkMqttAuth(e);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    sms: smsOf(e),
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ''),
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
    metricsToken: e.METRICS_TOKEN,
    roles: [...new Set(e.ROLES ?? defaultRoles(e.MQTT_URL))],
    mqttUrl: e.MQTT_URL,
    mqttPort: e.MQTT_PORT,
    mqttPublicUrl: e.MQTT_PUBLIC_URL,
    mqttAuth,
    mqttClientId: e.MQTT_CLIENT_ID ?? defaultClientId(),
    mqttSessionExpirySeconds: e.MQTT_SESSION_EXPIRY_S,
    mqttShareGroup: e.MQTT_SHARE_GROUP,
    mqttHookSecret: e.MQTT_HOOK_SECRET,
    gatewaySecretsKey: e.GATEWAY_SECRETS_KEY,
    ingestBatchSize: e.INGEST_BATCH_SIZE,
    ingestFlushMs: e.INGEST_FLUSH_MS,
    rawRetentionDays: e.RAW_RETENTION_DAYS,
    rollupRetentionDays: rollupRetentionOf(e),
    accountPurgeGraceDays: e.ACCOUNT_PURGE_GRACE_DAYS,
    firmwareMaxBytes: e.FIRMWARE_MAX_BYTES,
    mapMaxBytes: e.MAP_MAX_BYTES,
    reportAttachmentMaxBytes: e.REPORT_ATTACHMENT_MAX_BYTES,
    demo: e.DEMO,
    demoOtaFailureRate: e.DEMO_OTA_FAILURE_RATE,
    demoHistoryHours: e.DEMO_HISTORY_HOURS,
    jwtSecret: e.JWT_SECRET,
    sessionHours: e.SESSION_HOURS,
    logLevel: e.LOG_LEVEL,
    webDir: e.WEB_DIR,
  };
}

/** `vigil-ingest-<host>`: stable across restarts of the same machine or container name. */
function defaultClientId(): string {
  const host =
    hostname()
      .replace(/[^A-Za-z0-9_-]/g, '-')
      .slice(0, 40) || 'host';
  return `vigil-ingest-${host}`;
}

/**
 * The broker authentication mode, refusing one that cannot work: an external broker never runs
 * unauthenticated unless MQTT_AUTH=none says so.
 */
function checkMqttAuth(e: Env): MqttAuth | undefined {
  if (!e.MQTT_URL) {
    if (e.MQTT_AUTH) {
      throw new ConfigError(
        'Invalid MQTT_AUTH: set it only with MQTT_URL (the embedded broker checks gateway secrets itself)',
      );
    }
    return undefined;
  }
  const auth = e.MQTT_AUTH ?? 'dynsec';
  const url = new URL(e.MQTT_URL);
  const hasAccount = url.username !== '' && url.password !== '';
  if (auth !== 'none' && !hasAccount) {
    throw new ConfigError(
      `MQTT_AUTH=${auth} needs the platform's own broker account in MQTT_URL (mqtt://user:password@host:port); set MQTT_AUTH=none only for a broker that authenticates nobody`,
    );
  }
  if (auth === 'dynsec' && !e.GATEWAY_SECRETS_KEY) {
    throw new ConfigError(
      "MQTT_AUTH=dynsec needs GATEWAY_SECRETS_KEY (the same 32+ characters on every process) to give the broker each gateway's secret",
    );
  }
  if (auth === 'http' && !e.MQTT_HOOK_SECRET) {
    throw new ConfigError(
      'MQTT_AUTH=http needs MQTT_HOOK_SECRET (32+ characters), which the broker sends in the x-vigil-hook-secret header',
    );
  }
  return auth;
}
