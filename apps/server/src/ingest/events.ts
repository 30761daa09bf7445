import { EventEmitter } from 'node:events';
import type { DoorOpening, GatewayFirmwareEvent, Reading } from '@vigil/contracts';

/** One stored reading, as the live views show it. */
export type LiveReading = {
  /** The device's row id. */
  id: string;
  accountId: string;
  /** The hardware address. */
  deviceId: string;
  reading: Reading;
};
export type DeviceStatusChange = {
  id: string;
  accountId: string;
  deviceId: string;
  status: 'active' | 'inactive';
  lastSeenAt: string | null;
};
export type GatewayStatusChange = {
  id: string;
  accountId: string;
  gatewayId: string;
  status: 'online' | 'offline';
  lastSeenAt: string | null;
};

export type IngestEventMap = {
  /** A door opening was stored or closed (door_events), with the account it belongs to. */
  door: [{ accountId: string; opening: DoorOpening }];
  /** Readings just committed (duplicates never appear), in commit order. */
  readings: [LiveReading[]];
  deviceStatus: [DeviceStatusChange];
  gatewayStatus: [GatewayStatusChange];
  /** A firmware update was sent or the gateway reported on it (stored). */
  firmware: [GatewayFirmwareEvent];
};

/**
 * In-process hooks for the live views: every event is emitted after the data it describes is
 * durable. Listeners run synchronously on the ingest path: they must be quick and never throw.
 */
export class IngestEvents extends EventEmitter<IngestEventMap> {}
