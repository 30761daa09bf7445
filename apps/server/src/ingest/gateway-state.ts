import { logMessage, statusMessage } from '@vigil/contracts';
import type { Logger } from 'pino';
import type { Db } from '../db/client.js';
import type { Rejection } from './decode.js';
import type { IngestEvents } from './events.js';
import type { GatewayLogSink, OtaReports } from './ports.js';
import * as repo from './repo.js';

/** A gateway sending readings is marked seen at most this often (one small update). */
const seenEveryMs = 60_000;

function parseJson(payload: Buffer): { ok: true; value: unknown } | Rejection {
  try {
    return { ok: true, value: JSON.parse(payload.toString('utf8')) };
  } catch (error) {
    return { ok: false, reason: 'invalid_json', detail: (error as Error).message };
  }
}

function schemaProblem(issues: { path: PropertyKey[]; message: string }[]): Rejection {
  const issue = issues[0];
  const path = issue?.path.map(String).join('.') ?? '';
  return {
    ok: false,
    reason: 'schema',
    detail: `${path ? `${path}: ` : ''}${issue?.message ?? ''}`,
  };
}

/** The versions and frequency a status carries; its `ota` part goes to the firmware module. */
function toReport(status: ReturnType<typeof statusMessage.parse>): repo.GatewayReport {
  return {
    online: status.online,
    esp32LastVersion: status.esp32Version,
    loraLastVersion: status.loraVersion,
    nextionLastVersion: status.nextionVersion,
    loraFreq: status.loraFreq,
  };
}

export type GatewayStateDeps = {
  db: Db;
  logs: GatewayLogSink;
  events: IngestEvents;
  log: Logger;
  /** Applies the `ota` part of a status (modules/firmware). */
  ota: OtaReports;
};

/**
 * A gateway's online state, firmware and log: from its `status` and `log` topics and from the
 * embedded broker's connect and disconnect events. Updates of one gateway are applied in order.
 */
export class GatewayState {
  private readonly deps: GatewayStateDeps;
  private readonly chains = new Map<string, Promise<unknown>>();
  private readonly lastSeenWrite = new Map<string, number>();

  constructor(deps: GatewayStateDeps) {
    this.deps = deps;
  }

  note(gateway: repo.GatewayRecord, message: string, source: 'platform' | 'gateway' = 'platform') {
    return this.deps.logs.add({
      gatewayId: gateway.gatewayId,
      accountId: gateway.accountId,
      source,
      message,
    });
  }

  /** The `status` topic: online flag (retained, and the last will), firmware, LoRa, OTA. */
  async report(gateway: repo.GatewayRecord, payload: Buffer): Promise<Rejection | undefined> {
    const json = parseJson(payload);
    if (!json.ok) return json;
    const parsed = statusMessage.safeParse(json.value);
    if (!parsed.success) return schemaProblem(parsed.error.issues);
    const changed = await this.inOrder(gateway.id, () => this.save(gateway, toReport(parsed.data)));
    if (changed)
      await this.note(gateway, `gateway reported ${parsed.data.online ? 'online' : 'offline'}`);
    const ota = parsed.data.ota;
    if (ota) {
      const outcome = await this.inOrder(gateway.id, () => this.deps.ota(gateway, ota));
      if (outcome.event) this.deps.events.emit('firmware', outcome.event);
      await this.note(gateway, outcome.line, 'gateway');
    }
    return undefined;
  }

  /** The `log` topic: lines for the gateway-logs page. */
  async lines(gateway: repo.GatewayRecord, payload: Buffer): Promise<Rejection | undefined> {
    const json = parseJson(payload);
    if (!json.ok) return json;
    const parsed = logMessage.safeParse(json.value);
    if (!parsed.success) return schemaProblem(parsed.error.issues);
    const lines = 'lines' in parsed.data ? parsed.data.lines : [parsed.data.message];
    await Promise.all(lines.map((line) => this.note(gateway, line, 'gateway')));
    return undefined;
  }

  /** The embedded broker saw the gateway connect or go away. */
  async connection(
    gateway: repo.GatewayRecord,
    event: 'connected' | 'disconnected',
    detail = '',
  ): Promise<void> {
    await this.inOrder(gateway.id, () => this.save(gateway, { online: event === 'connected' }));
    await this.note(gateway, `${event}${detail ? ` (${detail})` : ''}`);
  }

  /** Readings arrived: the gateway was seen (written at most once a minute per gateway). */
  seen(gateway: repo.GatewayRecord): void {
    const now = Date.now();
    if (now - (this.lastSeenWrite.get(gateway.id) ?? 0) < seenEveryMs) return;
    if (this.lastSeenWrite.size > 100_000) this.lastSeenWrite.clear();
    this.lastSeenWrite.set(gateway.id, now);
    repo.touchGateway(this.deps.db, gateway.id, new Date(now)).catch((error: unknown) => {
      this.deps.log.warn({ err: error, gateway: gateway.gatewayId }, 'gateway last-seen not saved');
    });
  }

  /** Runs `task` after the gateway's previous update, so connect/disconnect never swap places. */
  private inOrder<T>(gatewayUuid: string, task: () => Promise<T>): Promise<T> {
    const chains = this.chains;
    const previous = chains.get(gatewayUuid) ?? Promise.resolve();
    const next = previous.then(task, task);
    const settled = next.then(
      () => undefined,
      () => undefined,
    );
    chains.set(gatewayUuid, settled);
    void settled.then(() => {
      if (chains.get(gatewayUuid) === settled) chains.delete(gatewayUuid);
    });
    return next;
  }

  private async save(gateway: repo.GatewayRecord, report: repo.GatewayReport): Promise<boolean> {
    const saved = await repo.saveGatewayStatus(this.deps.db, gateway.id, report, new Date());
    const status = report.online ? 'online' : 'offline';
    if (!saved || saved.previous === status) return false;
    this.deps.events.emit('gatewayStatus', {
      id: gateway.id,
      accountId: gateway.accountId,
      gatewayId: gateway.gatewayId,
      status,
      lastSeenAt: saved.lastSeenAt.toISOString(),
    });
    return true;
  }
}

export function createGatewayState(deps: GatewayStateDeps): GatewayState {
  return new GatewayState(deps);
}
