import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database, Executor } from '../db/client.js';
import { sha256 } from '../lib/secrets.js';
import type { SecretSealer } from '../lib/sealed.js';
import type { DynsecCommand, DynsecControl, DynsecReply } from './dynsec-control.js';
import {
  gatewayRoleName,
  planAll,
  type BrokerClient,
  type BrokerRole,
  type GatewayAccount,
  type Plan,
} from './dynsec-plan.js';

/** Any number, the same in every process: serialises broker account changes across them. */
const advisoryLockKey = 17_240_517;
const retryMaxMs = 60_000;

/** A gateway's broker account as the database holds it (modules/gateways). */
export type BrokerAccountRow = {
  gatewayId: string;
  secretHash: string | null;
  secretSealed: string | null;
  accountStatus: 'active' | 'disabled';
};

/** Reads the broker accounts of every gateway, or of those of `gatewayIds` (lower-case). */
export type BrokerAccountRows = (
  db: Executor,
  gatewayIds?: string[],
) => Promise<BrokerAccountRow[]>;

export type DynsecSync = {
  /** Brings every gateway's broker account in step with the database (idempotent). */
  reconcile: () => Promise<void>;
  /** The same for these gateways only, after a change; a failure leaves it to the retries. */
  changed: (gatewayIds: string[]) => Promise<void>;
  close: () => void;
};

function toAccount(row: BrokerAccountRow, sealer: SecretSealer): GatewayAccount {
  return {
    gatewayId: row.gatewayId,
    password: row.secretSealed ? sealer.open(row.secretSealed) : undefined,
    // Not secret: a digest of the argon2 hash, which changes with every new secret.
    fingerprint: row.secretHash ? sha256(`broker|${row.secretHash}`).slice(0, 32) : 'none',
    enabled: row.accountStatus === 'active',
  };
}

function replyError(command: DynsecCommand, reply: DynsecReply | undefined): string | undefined {
  if (!reply) return `${command.command}: no reply`;
  if (!reply.error) return undefined;
  const name = command.username ?? command.rolename;
  const who = typeof name === 'string' ? name : '';
  return `${command.command} ${who}: ${reply.error}`;
}

/** Runs the plan's commands; the number run, or throws with the broker's refusals. */
async function apply(control: DynsecControl, log: Logger, plan: Plan): Promise<number> {
  for (const warning of new Set(plan.warnings)) log.warn(warning);
  if (plan.commands.length === 0) return 0;
  const replies = await control.run(plan.commands);
  const errors = plan.commands
    .map((command, index) => replyError(command, replies[index]))
    .filter((error): error is string => error !== undefined);
  if (errors.length > 0) throw new Error(`broker refused: ${errors.slice(0, 5).join('; ')}`);
  return plan.commands.length;
}

/** The broker's clients and roles: every one, or those of `gatewayIds`. */
async function brokerState(control: DynsecControl, gatewayIds?: string[]) {
  const clients = new Map<string, BrokerClient>();
  const roles = new Map<string, BrokerRole>();
  const commands: DynsecCommand[] = gatewayIds
    ? gatewayIds.flatMap((id) => [
        { command: 'getClient', username: id },
        { command: 'getRole', rolename: gatewayRoleName(id) },
      ])
    : [
        { command: 'listClients', verbose: true, count: -1 },
        { command: 'listRoles', verbose: true, count: -1 },
      ];
  for (const reply of await control.run(commands)) {
    const data = reply.data ?? {};
    const found = [
      ...((data.clients as BrokerClient[] | undefined) ?? []),
      ...(data.client ? [data.client as BrokerClient] : []),
    ];
    for (const client of found) clients.set(client.username, client);
    const foundRoles = [
      ...((data.roles as BrokerRole[] | undefined) ?? []),
      ...(data.role ? [data.role as BrokerRole] : []),
    ];
    for (const role of foundRoles) roles.set(role.rolename, role);
  }
  return { clients, roles };
}

export type DynsecSyncOptions = {
  database: Database;
  control: DynsecControl;
  sealer: SecretSealer;
  /** Where the gateways' accounts are read (modules/gateways). */
  rows: BrokerAccountRows;
  log: Logger;
  periodMs?: number;
};

/**
 * Keeps Mosquitto's dynamic security accounts in step with the gateways table: after each
 * change, at start, after every reconnection to the broker, every few minutes, and with growing
 * pauses after a failure until it succeeds. One change at a time across all processes (an
 * advisory lock on PostgreSQL), so that a slow reconcile cannot put back a rotated secret.
 */
class DynsecSyncer implements DynsecSync {
  private readonly options: DynsecSyncOptions;
  private queue: Promise<unknown> = Promise.resolve();
  private retryTimer: NodeJS.Timeout | undefined;
  private retryDelay = 1000;
  private closed = false;
  private readonly period: NodeJS.Timeout;

  constructor(options: DynsecSyncOptions) {
    this.options = options;
    options.control.onConnect(() => {
      void this.reconcile();
    });
    this.period = setInterval(
      () => {
        void this.reconcile();
      },
      options.periodMs ?? 5 * 60_000,
    );
    this.period.unref();
  }

  async reconcile(): Promise<void> {
    try {
      const changes = await this.sync();
      this.retryDelay = 1000;
      if (changes > 0)
        this.options.log.info({ changes }, 'broker gateway accounts brought in step');
    } catch (error) {
      this.options.log.warn({ err: error }, 'broker gateway accounts not in step yet; retrying');
      this.scheduleRetry();
    }
  }

  async changed(gatewayIds: string[]): Promise<void> {
    if (gatewayIds.length === 0) return;
    try {
      await this.sync(gatewayIds);
    } catch (error) {
      this.options.log.warn(
        { err: error, gatewayIds },
        'broker accounts of changed gateways not updated yet',
      );
      this.scheduleRetry();
    }
  }

  close(): void {
    this.closed = true;
    clearInterval(this.period);
    clearTimeout(this.retryTimer);
  }

  /** One at a time in this process, and under the advisory lock on PostgreSQL. */
  private locked<T>(work: (db: Executor) => Promise<T>): Promise<T> {
    const { database } = this.options;
    const run = () =>
      database.kind === 'postgres'
        ? database.db.transaction(async (tx) => {
            await tx.execute(sql`select pg_advisory_xact_lock(${advisoryLockKey})`);
            return work(tx);
          })
        : work(database.db);
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => undefined);
    return result;
  }

  private sync(gatewayIds?: string[]): Promise<number> {
    const { control, sealer, log } = this.options;
    return this.locked(async (db) => {
      const ids = gatewayIds?.map((id) => id.toLowerCase());
      const rows = await this.options.rows(db, ids);
      const wanted = new Map<string, GatewayAccount | undefined>(
        (ids ?? []).map((id) => [id, undefined]),
      );
      for (const row of rows) wanted.set(row.gatewayId, toAccount(row, sealer));
      const { clients, roles } = await brokerState(control, ids);
      return apply(control, log, planAll(wanted, clients, roles));
    });
  }

  private scheduleRetry(): void {
    if (this.closed || this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      void this.reconcile();
    }, this.retryDelay);
    this.retryTimer.unref();
    this.retryDelay = Math.min(this.retryDelay * 2, retryMaxMs);
  }
}

export function createDynsecSync(options: DynsecSyncOptions): DynsecSync {
  return new DynsecSyncer(options);
}
