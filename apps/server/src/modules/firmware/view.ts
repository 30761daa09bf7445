import type {
  FirmwareCommand,
  FirmwareFile,
  FirmwareUpdate,
  GatewayFirmwareEvent,
} from '@vigil/contracts';
import type {
  FirmwareDeviceRow,
  FirmwareFileRow,
  FirmwareGatewayRow,
  FirmwareUpdateRow,
} from './repo.js';

export function toFirmwareFile(row: FirmwareFileRow): FirmwareFile {
  return {
    id: row.id,
    kind: row.kind,
    target: row.target,
    version: row.version,
    filename: row.filename,
    size: row.size,
    sha256: row.sha256,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toFirmwareUpdate(row: FirmwareUpdateRow, version: string): FirmwareUpdate {
  return {
    id: row.id,
    firmwareId: row.firmwareId,
    gatewayId: row.gatewayId,
    deviceId: row.deviceId,
    command: row.command as FirmwareCommand,
    version,
    status: row.status,
    progress: row.progress,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function firmwareEvent(
  update: FirmwareUpdate,
  gateway: FirmwareGatewayRow | undefined,
  device: FirmwareDeviceRow | undefined,
): GatewayFirmwareEvent {
  return {
    update,
    gateway: gateway
      ? {
          id: gateway.id,
          esp32LastVersion: gateway.esp32LastVersion,
          esp32NewVersion: gateway.esp32NewVersion,
          loraLastVersion: gateway.loraLastVersion,
          loraNewVersion: gateway.loraNewVersion,
          nextionLastVersion: gateway.nextionLastVersion,
          nextionNewVersion: gateway.nextionNewVersion,
          loraMainStatus: gateway.loraMainStatus,
          mainOtaStatus: gateway.mainOtaStatus,
          nextionStatus: gateway.nextionStatus,
        }
      : null,
    device: device
      ? {
          id: device.id,
          fvLastVersion: device.fvLastVersion,
          fvNewVersion: device.fvNewVersion,
          otaStatus: device.otaStatus,
        }
      : null,
  };
}

/** The gateway columns one firmware command reports into (spec platform 3). */
export const gatewayColumns = {
  main_LoRa: { status: 'loraMainStatus', last: 'loraLastVersion', next: 'loraNewVersion' },
  main_ota: { status: 'mainOtaStatus', last: 'esp32LastVersion', next: 'esp32NewVersion' },
  nextion_main: { status: 'nextionStatus', last: 'nextionLastVersion', next: 'nextionNewVersion' },
} as const;

/** What the OTA status column shows: `downloading 50%`, `done`, `failed: checksum mismatch`. */
export function statusText(status: string, progress?: number, error?: string | null): string {
  if (status === 'failed') return error ? `failed: ${error}`.slice(0, 200) : 'failed';
  if ((status === 'downloading' || status === 'installing') && progress !== undefined)
    return `${status} ${progress}%`;
  return status;
}
