import type { Db } from '../../db/client.js';
import type { OtaOutcome, OtaReport } from '../../ingest/ports.js';
import * as repo from './repo.js';
import { firmwareEvent, gatewayColumns, statusText, toFirmwareUpdate } from './view.js';

type ReportingGateway = { id: string; gatewayId: string; accountId: string };

function logLine(ota: OtaReport, version: string | undefined): string {
  const node = ota.deviceId ? ` node ${ota.deviceId}` : '';
  const progress = ota.progress === undefined ? '' : ` ${ota.progress}%`;
  const detail = ota.status === 'failed' ? `: ${ota.error ?? 'no reason given'}` : '';
  return `OTA ${ota.command}${node}: ${ota.status}${progress}${version ? ` (${version})` : ''}${detail}`;
}

/**
 * A gateway's report on a firmware update (its `status` topic, `ota`): the update row's status
 * and progress, the gateway's (or node's) OTA status column and, when done, its installed
 * version. Returns the line for the gateway's log and the live event for administrators.
 */
export async function applyOtaReport(
  db: Db,
  gateway: ReportingGateway,
  ota: OtaReport,
): Promise<OtaOutcome> {
  const device = ota.deviceId
    ? await repo.findDeviceOnGateway(db, gateway.id, ota.deviceId)
    : undefined;
  if (ota.deviceId && !device)
    return { event: undefined, line: `${logLine(ota, ota.version)} (unknown node)` };
  const update = await repo.openUpdate(db, gateway.id, {
    updateId: ota.updateId,
    command: ota.command,
    deviceRowId: device?.id,
  });
  const file = update ? await repo.findFile(db, update.firmwareId) : undefined;
  const version = ota.version ?? file?.version;
  const status = statusText(ota.status, ota.progress, ota.error);
  const installed = ota.status === 'done' ? version : undefined;

  return db.transaction(async (tx) => {
    const saved = update
      ? await repo.saveUpdate(tx, update.id, {
          status: ota.status,
          progress: ota.status === 'done' ? 100 : (ota.progress ?? update.progress),
          error: ota.status === 'failed' ? (ota.error ?? 'failed') : null,
        })
      : undefined;
    let gatewayRow: repo.FirmwareGatewayRow | undefined;
    let deviceRow: repo.FirmwareDeviceRow | undefined;
    if (device) {
      deviceRow = await repo.setDeviceFirmware(tx, device.id, {
        otaStatus: status,
        ...(installed ? { fvLastVersion: installed } : {}),
      });
    } else if (ota.command !== 'node_ota') {
      const columns = gatewayColumns[ota.command];
      gatewayRow = await repo.setGatewayFirmware(tx, gateway.id, {
        [columns.status]: status,
        ...(installed ? { [columns.last]: installed } : {}),
      });
    }
    const event =
      saved && file
        ? firmwareEvent(toFirmwareUpdate(saved, file.version), gatewayRow, deviceRow)
        : undefined;
    return { event, line: logLine(ota, version) };
  });
}
