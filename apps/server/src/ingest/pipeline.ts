import type { Logger } from 'pino';
import type { GatewayLogWriter } from '../modules/gateway-logs/writer.js';
import {
  NotStorableError,
  type BatchWriter,
  type ResolvedReading,
  type WriteResult,
} from '../modules/readings/writer.js';
import type { DecodedReading } from './columns.js';
import { decodeUpMessage, decodeUpPayload, type Rejection } from './decode.js';
import type { Directory } from './directory.js';
import type { GatewayState } from './gateway-state.js';
import type { IngestMetrics, Transport } from './metrics.js';
import type { GatewayRecord } from './repo.js';
import { createArrivalOrder, type Turn } from './arrival-order.js';
import { createRefusalLog } from './refusal-log.js';
import { parseTopic } from './topics.js';

export type UpOutcome = { accepted: number; duplicates: number; unknownDevices: number };

export type PipelineDeps = {
  directory: Directory;
  writer: BatchWriter;
  logs: GatewayLogWriter;
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

export type Pipeline = ReturnType<typeof createPipeline>;

/** How a message keeps its place among its gateway's messages (handleGatewayMessage). */
type Order = { turn?: Turn; queued?: () => void };

/**
 * Validates and routes gateway messages: readings to the batch writer, status and log lines to
 * the gateway's state and log. Every promise resolves when its message may be acknowledged; it
 * rejects only when the message must not be (the writer is closing), so that it is redelivered.
 * A bad message is refused, counted and logged, and never stops the pipeline.
 */
export function createPipeline(deps: PipelineDeps) {
  const { directory, writer, logs, state, metrics } = deps;
  const unknownDeviceLogged = createThrottle(unknownDeviceLogEveryMs);
  const arrive = createArrivalOrder();
  // A flood of refusals writes a line a minute per gateway (or API key's account) and reason.
  const gatewayRefusals = createRefusalLog({
    write: (refusal, message) =>
      logs.add({
        gatewayId: refusal.source,
        accountId: refusal.accountId,
        source: 'platform',
        message,
      }),
  });
  const httpRefusals = createRefusalLog({
    write: (refusal, message) => {
      deps.log.warn({ accountId: refusal.accountId, reason: refusal.reason }, message);
      return Promise.resolve();
    },
  });

  async function refuse(gateway: GatewayRecord, kind: string, problem: Rejection) {
    metrics.rejected.inc({ transport: 'mqtt', reason: problem.reason });
    metrics.messages.inc({ transport: 'mqtt', kind, outcome: 'rejected' });
    await gatewayRefusals.note({
      source: gateway.gatewayId,
      accountId: gateway.accountId,
      kind,
      reason: problem.reason,
      detail: problem.detail,
    });
  }

  /** Splits readings into those of the account's registered devices and the rest, by device. */
  async function resolve(readings: DecodedReading[], accountId: string) {
    const known = await directory.devices(readings.map((reading) => reading.deviceKey));
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
        });
      } else {
        unknown.set(reading.deviceKey, (unknown.get(reading.deviceKey) ?? 0) + 1);
      }
    }
    return { resolved, unknown };
  }

  async function reportUnknown(gateway: GatewayRecord, unknown: Map<string, number>) {
    const lines: Promise<void>[] = [];
    for (const [deviceKey, count] of unknown) {
      if (!unknownDeviceLogged(`${gateway.gatewayId}|${deviceKey}`)) continue;
      lines.push(
        logs.add({
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
   * (follow-up.ts), durably and exactly once, without holding the acknowledgement.
   */
  function store(readings: ResolvedReading[]): Promise<WriteResult> {
    return writer.write(readings);
  }

  /** Decodes a payload, timing it (the `decode` stage of vigil_ingest_stage_seconds). */
  function decode<T>(work: () => T): T {
    const end = metrics.stageSeconds.startTimer({ stage: 'decode' });
    try {
      return work();
    } finally {
      end();
    }
  }

  function countWritten(transport: Transport, result: WriteResult, unknownReadings: number) {
    metrics.readings.inc({ transport, outcome: 'inserted' }, result.inserted);
    metrics.readings.inc({ transport, outcome: 'duplicate' }, result.duplicates);
    metrics.readings.inc({ transport, outcome: 'unknown_device' }, unknownReadings);
    metrics.messages.inc({ transport, kind: 'up', outcome: 'accepted' });
  }

  async function handleUp(gateway: GatewayRecord, payload: Buffer, order: Order): Promise<void> {
    const decoded = decode(() => decodeUpPayload(payload, Date.now(), deps.retentionMs));
    if (!decoded.ok) return refuse(gateway, 'up', decoded);
    const { resolved, unknown } = await resolve(decoded.readings, gateway.accountId);
    if (unknown.size > 0) await reportUnknown(gateway, unknown);
    let result: WriteResult;
    try {
      await order.turn?.ready;
      const stored = store(resolved);
      order.turn?.pass();
      order.queued?.();
      result = await stored;
    } catch (error) {
      if (!(error instanceof NotStorableError)) throw error;
      return refuse(gateway, 'up', { ok: false, reason: 'not_storable', detail: error.message });
    }
    countWritten(
      'mqtt',
      result,
      [...unknown.values()].reduce((sum, n) => sum + n, 0),
    );
    state.seen(gateway);
  }

  /**
   * Handles one message; resolves once it may be acknowledged. With a `turn` (taken when the
   * message arrived), its readings reach the writer after those of the gateway's earlier
   * messages; `queued` is called once they wait in their batch, so that the transport may read on.
   */
  async function handleGatewayMessage(
    gateway: GatewayRecord,
    kind: 'up' | 'status' | 'log',
    payload: Buffer,
    order: Order = {},
  ): Promise<void> {
    try {
      await handleKind(gateway, kind, payload, order);
    } finally {
      order.turn?.pass();
    }
  }

  async function handleKind(
    gateway: GatewayRecord,
    kind: 'up' | 'status' | 'log',
    payload: Buffer,
    order: Order,
  ): Promise<void> {
    switch (kind) {
      case 'up':
        return handleUp(gateway, payload, order);
      case 'status':
      case 'log': {
        const problem =
          kind === 'status'
            ? await state.report(gateway, payload)
            : await state.lines(gateway, payload);
        if (problem) return refuse(gateway, kind, problem);
        metrics.messages.inc({ transport: 'mqtt', kind, outcome: 'accepted' });
        return;
      }
    }
  }

  /** A message from an external broker whose topic names its gateway (handleTopic). */
  async function handleTopicOf(
    parsed: { gatewayId: string; kind: 'up' | 'status' | 'log' },
    payload: Buffer,
    turn: Turn,
  ): Promise<void> {
    const gateway = await directory.gateway(parsed.gatewayId);
    const reason = !gateway
      ? 'unknown_gateway'
      : gateway.accountActive
        ? undefined
        : 'account_disabled';
    if (!gateway || reason) {
      metrics.rejected.inc({ transport: 'mqtt', reason: reason ?? 'unknown_gateway' });
      metrics.messages.inc({ transport: 'mqtt', kind: parsed.kind, outcome: 'rejected' });
      if (gateway) {
        await gatewayRefusals.note({
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
    return handleGatewayMessage(gateway, parsed.kind, payload, { turn });
  }

  return {
    handleGatewayMessage,
    /** Takes a message's turn among its gateway's messages, synchronously as it arrives. */
    arrive,

    /** Writes the summaries of refusals still being counted (on shutdown). */
    async close(): Promise<void> {
      await Promise.all([gatewayRefusals.close(), httpRefusals.close()]);
    },

    /**
     * A message from an external broker, which authenticated the gateway: the topic names it,
     * and it must still be registered and its account active.
     */
    async handleTopic(topic: string, payload: Buffer): Promise<void> {
      const parsed = parseTopic(topic);
      if (!parsed || parsed.kind === 'down') return;
      const turn = arrive(parsed.gatewayId.toLowerCase());
      try {
        await handleTopicOf({ gatewayId: parsed.gatewayId, kind: parsed.kind }, payload, turn);
      } finally {
        turn.pass();
      }
    },

    /** The `up` payload over HTTP, for the API key's account: its outcome, or why it was refused. */
    async ingestHttp(accountId: string, body: unknown): Promise<UpOutcome | Rejection> {
      const decoded = decode(() => decodeUpMessage(body, Date.now(), deps.retentionMs));
      if (!decoded.ok) {
        metrics.rejected.inc({ transport: 'http', reason: decoded.reason });
        metrics.messages.inc({ transport: 'http', kind: 'up', outcome: 'rejected' });
        await httpRefusals.note({
          source: `account ${accountId}`,
          accountId,
          kind: 'http',
          reason: decoded.reason,
          detail: decoded.detail,
        });
        return decoded;
      }
      const { resolved, unknown } = await resolve(decoded.readings, accountId);
      let result: WriteResult;
      try {
        result = await store(resolved);
      } catch (error) {
        if (!(error instanceof NotStorableError)) throw error;
        metrics.rejected.inc({ transport: 'http', reason: 'not_storable' });
        return { ok: false, reason: 'not_storable', detail: error.message };
      }
      const unknownReadings = [...unknown.values()].reduce((sum, n) => sum + n, 0);
      countWritten('http', result, unknownReadings);
      return {
        accepted: result.inserted,
        duplicates: result.duplicates,
        unknownDevices: unknown.size,
      };
    },
  };
}
