import { z } from 'zod';
import { pagedList } from './common.js';

/**
 * The MQTT contract between gateways and the platform (DESIGN.md 5), topics under
 * `v1/gateways/{gatewayId}/`: `up`, `status`, `log` (gateway -> platform), `down` (platform -> gateway).
 */
export const topicPrefix = 'v1/gateways';
export const topics = {
  up: (gatewayId: string) => `${topicPrefix}/${gatewayId}/up`,
  status: (gatewayId: string) => `${topicPrefix}/${gatewayId}/status`,
  log: (gatewayId: string) => `${topicPrefix}/${gatewayId}/log`,
  down: (gatewayId: string) => `${topicPrefix}/${gatewayId}/down`,
} as const;

/** The most readings one `up` message may carry. */
export const maxReadingsPerMessage = 1000;

/** Sensor fields a reading may carry (spec monitoring 3); -255 means "no reading". */
export const readingFields = [
  't',
  'h',
  'c',
  'b',
  'm',
  'd',
  'w',
  'Node_Type',
  'thermo',
  'sht_t',
  'sht_rh',
  'sht_1_t',
  'sht_1_rh',
  'CO2_s',
  'BV',
  'water_s',
  'ln2lvl',
  'pressure',
  'light_s',
] as const;
export type ReadingField = (typeof readingFields)[number];

const finite = z.number().refine(Number.isFinite, 'must be a finite number');

/** A timestamp as ISO 8601 or epoch seconds/milliseconds. */
export const readingTimestamp = z.union([
  z.iso.datetime({ offset: true }),
  z.number().int().positive(),
]);

export const upReading = z.object({
  deviceId: z.string().min(2).max(64),
  ts: readingTimestamp,
  /** Known fields must be finite numbers; other primitive fields are kept as sent. */
  data: z
    .record(z.string().max(64), z.union([finite, z.string().max(256), z.boolean(), z.null()]))
    .refine((value) => Object.keys(value).length <= 64, 'too many fields')
    .refine(
      (value) =>
        readingFields.every(
          (field) => value[field] === undefined || typeof value[field] === 'number',
        ),
      'sensor fields must be numbers',
    ),
});
export type UpReading = z.infer<typeof upReading>;

export const upMessage = z.object({
  readings: z.array(upReading).min(1).max(maxReadingsPerMessage),
});
export type UpMessage = z.infer<typeof upMessage>;

export const statusMessage = z.object({
  online: z.boolean(),
  esp32Version: z.string().max(50).optional(),
  loraVersion: z.string().max(50).optional(),
  nextionVersion: z.string().max(50).optional(),
  loraFreq: z.string().max(20).optional(),
  /** OTA progress reports (firmware updates). */
  ota: z
    .object({
      /** The `updateId` of the command being reported on (else the latest of that command). */
      updateId: z.uuid().optional(),
      command: z.enum(['main_LoRa', 'main_ota', 'nextion_main', 'node_ota']),
      /** For `node_ota`: the node's hardware address. */
      deviceId: z.string().max(64).optional(),
      status: z.enum(['downloading', 'installing', 'done', 'failed']),
      progress: z.number().int().min(0).max(100).optional(),
      version: z.string().max(50).optional(),
      error: z.string().max(500).optional(),
    })
    .optional(),
});
export type StatusMessage = z.infer<typeof statusMessage>;

export const logMessage = z.union([
  z.object({ message: z.string().min(1).max(2000) }),
  z.object({ lines: z.array(z.string().min(1).max(2000)).min(1).max(100) }),
]);
export type LogMessage = z.infer<typeof logMessage>;

export const ingestReply = z.object({
  data: z.object({
    accepted: z.number().int(),
    duplicates: z.number().int(),
    unknownDevices: z.number().int(),
  }),
});

/** `POST /api/ingest` is authenticated by an account API key, not a session. */
export const ingestHeaders = z.object({ 'x-api-key': z.string().max(200).optional() });

/**
 * `GET /api/gateway/gatewayLogs`: page size 10 by default; without `page` the full list
 * (page 1, 1000 lines). `gatewayId` filters on one gateway, case-insensitively.
 */
export const gatewayLogsQuery = z.object({
  page: z.coerce.number().int().min(1).optional(),
  pageSize: z.coerce.number().int().min(1).max(1000).optional(),
  gatewayId: z.string().trim().max(64).optional(),
});
export const gatewayLog = z.object({
  id: z.number().int(),
  gatewayId: z.string(),
  message: z.string(),
  createdAt: z.iso.datetime(),
});
export type GatewayLog = z.infer<typeof gatewayLog>;
export const gatewayLogsReply = pagedList(gatewayLog);

/**
 * MQTT_AUTH=http: the broker's calls (EMQX's HTTP authenticator and authorizer; VerneMQ with
 * the same bodies), each carrying the shared secret MQTT_HOOK_SECRET.
 */
export const mqttHookHeaders = z.object({
  'x-vigil-hook-secret': z.string().max(200).optional(),
});
export const mqttAuthBody = z.object({
  username: z.string().max(200).default(''),
  password: z.string().max(500).default(''),
  clientid: z.string().max(200).default(''),
});
export const mqttAclBody = z.object({
  username: z.string().max(200).default(''),
  clientid: z.string().max(200).default(''),
  topic: z.string().min(1).max(500),
  action: z.enum(['publish', 'subscribe']),
});
/** EMQX reads `result`; `is_superuser` is always false: no account may bypass the rules. */
export const mqttHookReply = z.object({
  result: z.enum(['allow', 'deny']),
  is_superuser: z.boolean().optional(),
});
export type MqttAuthBody = z.infer<typeof mqttAuthBody>;
export type MqttAclBody = z.infer<typeof mqttAclBody>;
export type MqttHookReply = z.infer<typeof mqttHookReply>;
