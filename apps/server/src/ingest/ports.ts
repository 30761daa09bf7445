import type { GatewayFirmwareEvent, StatusMessage } from '@vigil/contracts';
import type { DecodedReading } from './columns.js';

/**
 * What the ingest path needs from the domains, declared here and implemented by them: the
 * readings' batch writer and follow-up (modules/readings), the gateway log (modules/gateway-logs)
 * and OTA reports (modules/firmware). The composition root (ingest-path.ts) joins them.
 */

/** A decoded reading whose device is known. */
export type ResolvedReading = DecodedReading & {
  deviceUuid: string;
  accountId: string;
  /**
   * The device's newest stored reading (ms) when the ingest directory read its record (cached
   * up to 30 s), if it had one: the batch writer flags readings older than it backfilled.
   */
  deviceLatestTsMs?: number | null;
};
export type WriteResult = { inserted: number; duplicates: number };
export type Committed = {
  /** The readings inserted (duplicates left out), sorted by device and time. */
  readings: ResolvedReading[];
  isBackfilled: (reading: ResolvedReading) => boolean;
  /** The follow-up row that owes these readings their rollups, state, door events and alarms. */
  followUpId: number | null;
};

/** A message's readings could not be stored (a value the database refuses); retrying cannot help. */
export class NotStorableError extends Error {
  override name = 'NotStorableError';
}

/** Stores readings (modules/readings/writer.ts, in batches). */
export type ReadingsWriter = {
  /** Resolves once the readings are durable (or were already there), never earlier. */
  write: (readings: ResolvedReading[]) => Promise<WriteResult>;
  /** Readings waiting for their batch or being written. */
  pending: () => number;
  /** Writes what is queued, refuses new writes, and resolves when nothing is in flight. */
  close: (deadlineMs?: number) => Promise<void>;
};

/**
 * What stored readings change besides themselves, applied after the acknowledgement
 * (modules/readings/follow-up.ts): the process starts and stops it, tests wait on it.
 */
export type FollowUpQueue = {
  /** Readings stored whose follow-up is still to come. */
  pending: () => number;
  /** Resolves when everything queued so far has been applied. */
  idle: () => Promise<void>;
  /** Takes up rows left by this instance's last run and, later, other instances' orphans. */
  start: () => Promise<void>;
  /** Applies what is queued (until `deadlineMs`), then stops. */
  close: (deadlineMs?: number) => Promise<void>;
};

export type GatewayLogLine = {
  /** The gateway's hardware id (lower-cased by the writer). */
  gatewayId: string;
  accountId: string | null;
  source: 'gateway' | 'platform';
  message: string;
};

/** A gateway's log (modules/gateway-logs/writer.ts, in batches). */
export type GatewayLogSink = {
  /** Queues a line; resolves once it is written (or dropped), never rejects. */
  add: (line: GatewayLogLine) => Promise<void>;
  close: () => Promise<void>;
};

export type OtaReport = NonNullable<StatusMessage['ota']>;
export type OtaOutcome = { event: GatewayFirmwareEvent | undefined; line: string };

/**
 * Applies a gateway's report on a firmware update (modules/firmware/reports.ts): the line for
 * the gateway's log and the live event for administrators.
 */
export type OtaReports = (
  gateway: { id: string; gatewayId: string; accountId: string },
  ota: OtaReport,
) => Promise<OtaOutcome>;
