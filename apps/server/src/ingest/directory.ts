import type { Db } from '../db/client.js';
import * as repo from './repo.js';

type Cached<T> = { value: T; expiresAt: number };

/** Found entries are trusted this long; an account disabled meanwhile is refused after it. */
const foundTtlMs = 30_000;
/** Unknown ids are asked again soon: a device registered a moment ago should count quickly. */
const missingTtlMs = 5_000;
/** Past this many entries the cache starts afresh rather than grow without bound. */
const maxEntries = 200_000;

export class TtlCache<T> {
  private readonly entries = new Map<string, Cached<T | null>>();

  get(key: string, now: number): T | null | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt > now) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  set(key: string, value: T | null, now: number) {
    if (this.entries.size >= maxEntries) this.entries.clear();
    this.entries.set(key, { value, expiresAt: now + (value ? foundTtlMs : missingTtlMs) });
  }

  delete(key: string) {
    this.entries.delete(key);
  }
}

/** Device lookups in flight at once; those asked meanwhile wait and go out together. */
const maxLookupsInFlight = 2;
/** Ids per lookup query at most. */
const maxIdsPerLookup = 5_000;

type Waiter = {
  resolve: (row: repo.DeviceRecord | null) => void;
  reject: (error: unknown) => void;
};

/**
 * Device lookups coalesced across messages: a fleet of devices that each report once a minute
 * sends one reading per message, and its devices are rarely cached; a query per message queued
 * thousands on the pool (bench:load at 100,000 devices). Ids missed while lookups are in flight
 * (or in the same turn of the event loop) go out together in one query; an id already asked
 * for is not asked again.
 */
export function createDeviceLoader(
  find: (deviceIds: string[]) => Promise<repo.DeviceRecord[]>,
  cache: TtlCache<repo.DeviceRecord>,
) {
  const asked = new Map<string, Promise<repo.DeviceRecord | null>>();
  const waiting = new Map<string, Waiter>();
  let inFlight = 0;
  let scheduled = false;

  async function lookup(batch: Map<string, Waiter>) {
    inFlight += 1;
    try {
      const rows = await find([...batch.keys()]);
      const byId = new Map(rows.map((row) => [row.deviceId, row]));
      const now = Date.now();
      for (const [deviceId, waiter] of batch) {
        const row = byId.get(deviceId) ?? null;
        cache.set(deviceId, row, now);
        asked.delete(deviceId);
        waiter.resolve(row);
      }
    } catch (error) {
      for (const [deviceId, waiter] of batch) {
        asked.delete(deviceId);
        waiter.reject(error);
      }
    } finally {
      inFlight -= 1;
      send();
    }
  }

  function send() {
    scheduled = false;
    while (waiting.size > 0 && inFlight < maxLookupsInFlight) {
      const batch = new Map<string, Waiter>();
      for (const [deviceId, waiter] of waiting) {
        if (batch.size >= maxIdsPerLookup) break;
        batch.set(deviceId, waiter);
        waiting.delete(deviceId);
      }
      void lookup(batch);
    }
  }

  return {
    load(deviceId: string): Promise<repo.DeviceRecord | null> {
      const known = asked.get(deviceId);
      if (known) return known;
      const promise = new Promise<repo.DeviceRecord | null>((resolve, reject) => {
        waiting.set(deviceId, { resolve, reject });
      });
      asked.set(deviceId, promise);
      if (!scheduled && inFlight < maxLookupsInFlight) {
        scheduled = true;
        setImmediate(send);
      }
      return promise;
    },
  };
}

/**
 * Gateway lookups: those that miss the cache while the gateway is being looked up share that
 * lookup. A gateway has many messages in flight; each asking on its own queued thousands of
 * queries on the pool every time an entry expired, ahead of the writes (bench:load, issue 20).
 */
export function createGatewayLoader(
  find: (gatewayId: string) => Promise<repo.GatewayRecord | undefined>,
  cache: TtlCache<repo.GatewayRecord>,
) {
  const asked = new Map<string, Promise<repo.GatewayRecord | undefined>>();
  return {
    load(gatewayId: string): Promise<repo.GatewayRecord | undefined> {
      const now = Date.now();
      const cached = cache.get(gatewayId, now);
      if (cached !== undefined) return Promise.resolve(cached ?? undefined);
      const known = asked.get(gatewayId);
      if (known) return known;
      const lookup = find(gatewayId).then(
        (found) => {
          // Forgotten meanwhile: this answer may predate the change, so it is not kept.
          if (asked.get(gatewayId) === lookup) {
            asked.delete(gatewayId);
            cache.set(gatewayId, found ?? null, now);
          }
          return found;
        },
        (error: unknown) => {
          if (asked.get(gatewayId) === lookup) asked.delete(gatewayId);
          throw error;
        },
      );
      asked.set(gatewayId, lookup);
      return lookup;
    },
    /** The next lookup reads the database, even if one is in flight. */
    forget(gatewayId: string) {
      cache.delete(gatewayId);
      asked.delete(gatewayId);
    },
  };
}

export type Directory = ReturnType<typeof createDirectory>;

/**
 * Registered gateways and devices by hardware id, cached briefly: the ingest path asks for
 * them on every message and must not query the database per reading.
 */
export function createDirectory(db: Db) {
  const gateways = new TtlCache<repo.GatewayRecord>();
  const devices = new TtlCache<repo.DeviceRecord>();
  const loader = createDeviceLoader((deviceIds) => repo.findDevices(db, deviceIds), devices);
  const gatewayLoader = createGatewayLoader(
    (gatewayId) => repo.findGateway(db, gatewayId),
    gateways,
  );

  return {
    gateway: (gatewayId: string) => gatewayLoader.load(gatewayId.toLowerCase()),

    /** Forgets a gateway, so the next lookup reads its current secret and account state. */
    forgetGateway(gatewayId: string) {
      gatewayLoader.forget(gatewayId.toLowerCase());
    },

    /** Forgets a device (deleted), so that a reading of it looks it up again. */
    forgetDevice(deviceId: string) {
      devices.delete(deviceId);
    },

    /** The registered devices among `deviceIds` (those not cached asked with other messages'). */
    async devices(deviceIds: Iterable<string>): Promise<Map<string, repo.DeviceRecord>> {
      const now = Date.now();
      const found = new Map<string, repo.DeviceRecord>();
      const missing: string[] = [];
      for (const deviceId of new Set(deviceIds)) {
        const cached = devices.get(deviceId, now);
        if (cached === undefined) missing.push(deviceId);
        else if (cached) found.set(deviceId, cached);
      }
      if (missing.length > 0) {
        const rows = await Promise.all(missing.map((deviceId) => loader.load(deviceId)));
        for (const row of rows) if (row) found.set(row.deviceId, row);
      }
      return found;
    },
  };
}
