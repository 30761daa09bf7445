import { z } from 'zod';

/**
 * Firmware and over-the-air updates (spec platform 2, 3, 4, 7; monitoring 5).
 *
 * Upload: `POST /api/firmware` (multipart) with a `target` field (`gateway` or `node`), up to
 * one file part each of `loraFw`, `espFw` (gateways only) and `nextion`, and optional version
 * fields `loraFwVersion`, `espFwVersion`, `nextionVersion` (else the version is read from the
 * file name, e.g. `lora_v2.1.3.bin`). Only `.bin` and `.tft` files are accepted.
 *
 * Gateway update: `GET /api/gateway/public/gateway?id=&command=` (spec 7) publishes on the
 * gateway's `down` topic a `firmwareCommand` with a signed download link only that gateway's
 * update can use; the gateway reports progress on its `status` topic (`statusMessage.ota`).
 */
export const firmwareKinds = ['loraFw', 'espFw', 'nextion'] as const;
export type FirmwareKind = (typeof firmwareKinds)[number];
export const firmwareTargets = ['gateway', 'node'] as const;
export type FirmwareTarget = (typeof firmwareTargets)[number];

/** The three gateway firmware commands of spec platform 4, and the node update (ours). */
export const gatewayFirmwareCommands = ['main_LoRa', 'main_ota', 'nextion_main'] as const;
export type GatewayFirmwareCommand = (typeof gatewayFirmwareCommands)[number];
export const nodeFirmwareCommand = 'node_ota';
export const firmwareCommands = [...gatewayFirmwareCommands, nodeFirmwareCommand] as const;
export type FirmwareCommand = (typeof firmwareCommands)[number];

/** Which uploaded file a gateway command installs. */
export const commandKind: Record<GatewayFirmwareCommand, FirmwareKind> = {
  main_LoRa: 'loraFw',
  main_ota: 'espFw',
  nextion_main: 'nextion',
};

/** File extensions a firmware file may have (spec monitoring 5). */
export const firmwareExtensions = ['.bin', '.tft'] as const;

export const firmwareFile = z.object({
  id: z.uuid(),
  kind: z.enum(firmwareKinds),
  target: z.enum(firmwareTargets),
  version: z.string(),
  filename: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  createdAt: z.iso.datetime(),
});
export type FirmwareFile = z.infer<typeof firmwareFile>;

export const firmwareUploadReply = z.object({
  data: z.object({ files: z.array(firmwareFile), message: z.string() }),
});

export const firmwareListQuery = z.object({
  target: z.enum(firmwareTargets).optional(),
  kind: z.enum(firmwareKinds).optional(),
});
export const firmwareListReply = z.object({ data: z.object({ list: z.array(firmwareFile) }) });

export const firmwareUpdateStatuses = [
  'sent',
  'downloading',
  'installing',
  'done',
  'failed',
] as const;
export type FirmwareUpdateStatus = (typeof firmwareUpdateStatuses)[number];

export const firmwareUpdate = z.object({
  id: z.uuid(),
  firmwareId: z.uuid(),
  /** The gateway's row id (a node update goes through the device's gateway). */
  gatewayId: z.uuid().nullable(),
  deviceId: z.uuid().nullable(),
  command: z.enum(firmwareCommands),
  version: z.string(),
  status: z.enum(firmwareUpdateStatuses),
  progress: z.number().int(),
  error: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type FirmwareUpdate = z.infer<typeof firmwareUpdate>;

/** `GET /api/gateway/public/gateway` (spec 7): `id` is the gateway's row id. */
export const gatewayFirmwareQuery = z.object({
  id: z.uuid(),
  command: z.enum(gatewayFirmwareCommands),
  /** The uploaded file to install; the newest gateway file of the command's kind when absent. */
  firmwareId: z.uuid().optional(),
});
export const nodeFirmwareBody = z.object({
  /** The uploaded node file to install; the newest node `loraFw` file when absent. */
  firmwareId: z.uuid().optional(),
});
export const firmwareUpdateReply = z.object({
  data: z.object({ update: firmwareUpdate, message: z.string() }),
});

export const loraFrequencyReply = z.object({
  data: z.object({ frequency: z.string() }),
});

export const firmwareDownloadParams = z.object({ updateId: z.uuid() });
export const firmwareDownloadQuery = z.object({ token: z.string().min(1).max(2000) });

/**
 * What the platform publishes on `v1/gateways/{gatewayId}/down`. A firmware command carries a
 * download link (absolute URL) that works only for this update and expires at `expiresAt`;
 * the gateway checks the file's SHA-256 before installing. `deviceId` (hardware address) names
 * the node a `node_ota` update is for.
 */
export const firmwareCommandMessage = z.object({
  command: z.enum(firmwareCommands),
  updateId: z.uuid(),
  url: z.url(),
  sha256: z.string().length(64),
  version: z.string(),
  size: z.number().int(),
  expiresAt: z.iso.datetime(),
  deviceId: z.string().optional(),
});
export type FirmwareCommandMessage = z.infer<typeof firmwareCommandMessage>;

export const loraFrequencyMessage = z.object({
  command: z.literal('lora_frequency'),
  frequency: z.string(),
});
export const downMessage = z.union([firmwareCommandMessage, loraFrequencyMessage]);
export type DownMessage = z.infer<typeof downMessage>;

/** Socket event for platform administrators: an OTA update moved on (gateways and OTA devices pages). */
export const gatewayFirmwareEvent = z.object({
  update: firmwareUpdate,
  /** The gateway's row id and its firmware columns as they are now. */
  gateway: z
    .object({
      id: z.uuid(),
      esp32LastVersion: z.string().nullable(),
      esp32NewVersion: z.string().nullable(),
      loraLastVersion: z.string().nullable(),
      loraNewVersion: z.string().nullable(),
      nextionLastVersion: z.string().nullable(),
      nextionNewVersion: z.string().nullable(),
      loraMainStatus: z.string().nullable(),
      mainOtaStatus: z.string().nullable(),
      nextionStatus: z.string().nullable(),
    })
    .nullable(),
  device: z
    .object({
      id: z.uuid(),
      fvLastVersion: z.string().nullable(),
      fvNewVersion: z.string().nullable(),
      otaStatus: z.string().nullable(),
    })
    .nullable(),
});
export type GatewayFirmwareEvent = z.infer<typeof gatewayFirmwareEvent>;

/** `name_v1.2.3.bin`, `lora-2.1.0.bin`, `nextion 1.0.8.tft` -> the version; undefined if none. */
export function versionFromFilename(filename: string): string | undefined {
  const stem = filename.replace(/\.[^.]+$/, '');
  const match = /(?:^|[^0-9A-Za-z])v?(\d+(?:\.\d+){1,3}(?:[-+][0-9A-Za-z.]+)?)$/i.exec(stem);
  return match?.[1];
}
