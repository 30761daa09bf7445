import type { Logger } from 'pino';
import type { DecodedReading } from './columns.js';
import { decodeUpMessage, decodeUpPayload, type Rejection } from './decode.js';
import type { Directory } from './directory.js';
import type { GatewayState } from './gateway-state.js';
import type { IngestMetrics, Transport } from './metrics.js';
import {
  NotStorableError,
  type GatewayLogSink,
  type ReadingsWriter,
  type ResolvedReading,
  type WriteResult,
} from './ports.js';
import type { GatewayRecord } from './repo.js';
import { createArrivalOrder, type Turn } from './arrival-order.js';
import { createRefusalLog, type RefusalLog } from './refusal-log.js';
import { parseTopic } from './topics.js';

export type UpOutcome = { accepted: number; duplicates: number; unknownDevices: number };

export type PipelineDeps = {
  directory: Directory;
  writer: ReadingsWriter;
  logs: GatewayLogSink;
  state: GatewayState;
  metrics: IngestMetrics;
  log: Logger;
  /** RAW_RETENTION_DAYS in ms: older readings would be deleted at once, so they are refused. */
  retentionMs: number;
};

/** An unknown device is written to its gateway's log at most this often. */
const unknownDeviceLogEveryMs = 5 * 60_000;

/** Remembers when a key last fired, so repeated events are logged once per window. */
export function createThrottle(windowMs: number, maxKeys = 10_000) {
  const last = new Map<string, number>();
  return (key: string, now = Date.now()): boolean => {
    const previous = last.get(key);
    if (previous !== undefined && now - previous < windowMs) return false;
    if (last.size >= maxKeys) last.clear();
    last.set(key, now);
    return true;
  };
}

/** How a message keeps its place among its gateway's messages (handleGatewayMessage). */
type Order = { turn?: Turn; queued?: () => void };
type GatewayKind = 'up' | 'status' | 'log';

const sum = (counts: Map<string, number>) =>
  [...counts.values()].reduce((total, n) => total + n, 0);

/**
 * Validates and routes gateway messages: readings to the batch writer, status and log lines to
 * the gateway's state and log. Every promise resolves when its message may be acknowledged; it
 * rejects only when the message must not be (the writer is closing), so that it is redelivered.
 * A bad message is refused, counted and logged, and never stops the pipeline.
 */
export class Pipeline {
  /** Takes a message's turn among its gateway's messages, synchronously as it arrives. */
  readonly arrive = createArrivalOrder();
  private readonly deps: PipelineDeps;
  private readonly unknownDeviceLogged = createThrottle(unknownDeviceLogEveryMs);
  // A flood of refusals writes a line a minute per gateway (or API key's account) and reason.
  private readonly gatewayRefusals: RefusalLog;
  private readonly httpRefusals: RefusalLog;

  constructor(deps: PipelineDeps) {
    this.deps = deps;
    this.gatewayRefusals = createRefusalLog({
      write: (refusal, message) =>
        deps.logs.add({
          gatewayId: refusal.source,
          accountId: refusal.accountId,
          source: 'platform',
          message,
        }),
    });
    this.httpRefusals = createRefusalLog({
      write: (refusal, message) => {
        deps.log.warn({ accountId: refusal.accountId, reason: refusal.reason }, message);
        return Promise.resolve();
      },
    });
  }

  /**
   * Handles one message; resolves once it may be acknowledged. With a `turn` (taken when the
   * message arrived), its readings reach the writer after those of the gateway's earlier
   * messages; `queued` is called once they wait in their batch, so that the transport may read on.
   */
  async handleGatewayMessage(
    gateway: GatewayRecord,
    kind: GatewayKind,
    payload: Buffer,
    order: Order = {},
  ): Promise<void> {
    try {
      await this.handleKind(gateway, kind, payload, order);
    } finally {
      order.turn?.pass();
    }
  }

  /**
   * A message from an external broker, which authenticated the gateway: the topic names it,
   * and it must still be registered and its account active.
   */
  async handleTopic(topic: string, payload: Buffer): Promise<void> {
    const parsed = parseTopic(topic);
    if (!parsed || parsed.kind === 'down') return;
    const turn = this.arrive(parsed.gatewayId.toLowerCase());
    try {
      await this.handleTopicOf({ gatewayId: parsed.gatewayId, kind: parsed.kind }, payload, turn);
    } finally {
      turn.pass();
    }
  }

  /** The `up` payload over HTTP, for the API key's account: its outcome, or why it was refused. */
  async ingestHttp(accountId: string, body: unknown): Promise<UpOutcome | Rejection> {
    const { metrics } = this.deps;
    const decoded = this.decode(() => decodeUpMessage(body, Date.now(), this.deps.retentionMs));
    if (!decoded.ok) {
      metrics.rejected.inc({ transport: 'http', reason: decoded.reason });
      metrics.messages.inc({ transport: 'http', kind: 'up', outcome: 'rejected' });
      await this.httpRefusals.note({
        source: `account ${accountId}`,
        accountId,
        kind: 'http',
        reason: decoded.reason,
        detail: decoded.detail,
      });
      return decoded;
    }
    const { resolved, unknown } = await this.resolve(decoded.readings, accountId);
    let result: WriteResult;
    try {
      result = await this.store(resolved);
    } catch (error) {
      if (!(error instanceof NotStorableError)) throw error;
      metrics.rejected.inc({ transport: 'http', reason: 'not_storable' });
      return { ok: false, reason: 'not_storable', detail: error.message };
    }
    this.countWritten('http', result, sum(unknown));
    return {
      accepted: result.inserted,
      duplicates: result.duplicates,
      unknownDevices: unknown.size,
    };
  }

  /** Writes the summaries of refusals still being counted (on shutdown). */
  async close(): Promise<void> {
    await Promise.all([this.gatewayRefusals.close(), this.httpRefusals.close()]);
  }

  private async refuse(gateway: GatewayRecord, kind: string, problem: Rejection) {
    this.deps.metrics.rejected.inc({ transport: 'mqtt', reason: problem.reason });
    this.deps.metrics.messages.inc({ transport: 'mqtt', kind, outcome: 'rejected' });
    await this.gatewayRefusals.note({
      source: gateway.gatewayId,
      accountId: gateway.accountId,
      kind,
      reason: problem.reason,
      detail: problem.detail,
    });
  }

  /** Splits readings into those of the account's registered devices and the rest, by device. */
  private async resolve(readings: DecodedReading[], accountId: string) {
    const known = await this.deps.directory.devices(readings.map((reading) => reading.deviceKey));
    const resolved: ResolvedReading[] = [];
    const unknown = new Map<string, number>();
    for (const reading of readings) {
      const device = known.get(reading.deviceKey);
      if (device?.accountId === accountId) {
        resolved.push({
          deviceKey: reading.deviceKey,
          tsMs: reading.tsMs,
          values: reading.values,
          extra: reading.extra,
          deviceUuid: device.id,
          accountId,
          deviceLatestTsMs: device.latestTsMs,
        });
      } else {
        unknown.set(reading.deviceKey, (unknown.get(reading.deviceKey) ?? 0) + 1);
      }
    }
    return { resolved, unknown };
  }

  private async reportUnknown(gateway: GatewayRecord, unknown: Map<string, number>) {
    const lines: Promise<void>[] = [];
    for (const [deviceKey, count] of unknown) {
      if (!this.unknownDeviceLogged(`${gateway.gatewayId}|${deviceKey}`)) continue;
      lines.push(
        this.deps.logs.add({
          gatewayId: gateway.gatewayId,
          accountId: gateway.accountId,
          source: 'platform',
          message: `unknown device ${deviceKey}: ${count} reading${count === 1 ? '' : 's'} not stored (not registered in this account)`,
        }),
      );
    }
    await Promise.all(lines);
  }

  /**
   * Stores the readings: the message may be acknowledged once they are durable. What they
   * change besides (device state, rollups, door events, alarms) follows from the committed rows
   * (modules/readings/follow-up.ts), durably and exactly once, without holding the
   * acknowledgement.
   */
  private store(readings: ResolvedReading[]): Promise<WriteResult> {
    return this.deps.writer.write(readings);
  }

  /** Decodes a payload, timing it (the `decode` stage of vigil_ingest_stage_seconds). */
  private decode<T>(work: () => T): T {
    const end = this.deps.metrics.stageSeconds.startTimer({ stage: 'decode' });
    try {
      return work();
    } finally {
      end();
    }
  }

  private countWritten(transport: Transport, result: WriteResult, unknownReadings: number) {
    const { metrics } = this.deps;
    metrics.readings.inc({ transport, outcome: 'inserted' }, result.inserted);
    metrics.readings.inc({ transport, outcome: 'duplicate' }, result.duplicates);
    metrics.readings.inc({ transport, outcome: 'unknown_device' }, unknownReadings);
    metrics.messages.inc({ transport, kind: 'up', outcome: 'accepted' });
  }

  private async handleUp(gateway: GatewayRecord, payload: Buffer, order: Order): Promise<void> {
    const decoded = this.decode(() => decodeUpPayload(payload, Date.now(), this.deps.retentionMs));
    if (!decoded.ok) return this.refuse(gateway, 'up', decoded);
    const { resolved, unknown } = await this.resolve(decoded.readings, gateway.accountId);
    if (unknown.size > 0) await this.reportUnknown(gateway, unknown);
    let result: WriteResult;
    try {
      await order.turn?.ready;
      const stored = this.store(resolved);
      order.turn?.pass();
      order.queued?.();
      result = await stored;
    } catch (error) {
      if (!(error instanceof NotStorableError)) throw error;
      return this.refuse(gateway, 'up', {
        ok: false,
        reason: 'not_storable',
        detail: error.message,
      });
    }
    this.countWritten('mqtt', result, sum(unknown));
    this.deps.state.seen(gateway);
  }

  private async handleKind(
    gateway: GatewayRecord,
    kind: GatewayKind,
    payload: Buffer,
    order: Order,
  ): Promise<void> {
    switch (kind) {
      case 'up':
        return this.handleUp(gateway, payload, order);
      case 'status':
      case 'log': {
        const problem =
          kind === 'status'
            ? await this.deps.state.report(gateway, payload)
            : await this.deps.state.lines(gateway, payload);
        if (problem) return this.refuse(gateway, kind, problem);
        this.deps.metrics.messages.inc({ transport: 'mqtt', kind, outcome: 'accepted' });
        return;
      }
    }
  }

  /** A message from an external broker whose topic names its gateway (handleTopic). */
  private async handleTopicOf(
    parsed: { gatewayId: string; kind: GatewayKind },
    payload: Buffer,
    turn: Turn,
  ): Promise<void> {
    const { metrics } = this.deps;
    const gateway = await this.deps.directory.gateway(parsed.gatewayId);
    const reason = !gateway
      ? 'unknown_gateway'
      : gateway.accountActive
        ? undefined
        : 'account_disabled';
    if (!gateway || reason) {
      metrics.rejected.inc({ transport: 'mqtt', reason: reason ?? 'unknown_gateway' });
      metrics.messages.inc({ transport: 'mqtt', kind: parsed.kind, outcome: 'rejected' });
      if (gateway) {
        await this.gatewayRefusals.note({
          source: gateway.gatewayId,
          accountId: gateway.accountId,
          kind: parsed.kind,
          reason: 'account_disabled',
          detail: 'the account is disabled',
          text: 'the account is disabled',
        });
      }
      return;
    }
    return this.handleGatewayMessage(gateway, parsed.kind, payload, { turn });
  }
}

export function createPipeline(deps: PipelineDeps): Pipeline {
  return new Pipeline(deps);
}
