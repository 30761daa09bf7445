import type { Db } from '../db/client.js';
import * as repo from './repo.js';

type Cached<T> = { value: T; expiresAt: number };

/** Found entries are trusted this long; an account disabled meanwhile is refused after it. */
const foundTtlMs = 30_000;
/** Unknown ids are asked again soon: a device registered a moment ago should count quickly. */
const missingTtlMs = 5_000;
/** Past this many entries the cache starts afresh rather than grow without bound. */
const maxEntries = 200_000;

class TtlCache<T> {
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

export type Directory = ReturnType<typeof createDirectory>;

/**
 * Registered gateways and devices by hardware id, cached briefly: the ingest path asks for
 * them on every message and must not query the database per reading.
 */
export function createDirectory(db: Db) {
  const gateways = new TtlCache<repo.GatewayRecord>();
  const devices = new TtlCache<repo.DeviceRecord>();

  return {
    async gateway(gatewayId: string): Promise<repo.GatewayRecord | undefined> {
      const key = gatewayId.toLowerCase();
      const now = Date.now();
      const cached = gateways.get(key, now);
      if (cached !== undefined) return cached ?? undefined;
      const found = await repo.findGateway(db, key);
      gateways.set(key, found ?? null, now);
      return found;
    },

    /** Forgets a gateway, so the next lookup reads its current secret and account state. */
    forgetGateway(gatewayId: string) {
      gateways.delete(gatewayId.toLowerCase());
    },

    /** The registered devices among `deviceIds` (one query for those not cached). */
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
        const rows = await repo.findDevices(db, missing);
        const byId = new Map(rows.map((row) => [row.deviceId, row]));
        for (const deviceId of missing) {
          const row = byId.get(deviceId);
          devices.set(deviceId, row ?? null, now);
          if (row) found.set(deviceId, row);
        }
      }
      return found;
    },
  };
}
