import type { Executor } from '../../../db/client.js';
import { groupBy } from '../../../lib/group-by.js';
import { enabledAlarms, type DefinedAlarm } from './repo.js';

/** How long a loaded set of alarm definitions is trusted when nothing said it changed. */
export const definitionsTtlMs = 5_000;

export type AlarmDefinitions = {
  /** The enabled alarms of each device (row id); loads them when stale. */
  byDevice: () => Promise<ReadonlyMap<string, DefinedAlarm[]>>;
  /** Forget what is loaded: the next evaluation reads the alarms again. */
  invalidate: () => void;
};

/**
 * Every enabled alarm, held in memory and grouped by device so that a reading of a device
 * without alarms costs one map lookup. Reloaded (one query) when `invalidate` was called — by
 * this process after any change to alarms, see `alarmDefinitionsChanged` — or after
 * `definitionsTtlMs`, which bounds how late another process's change is seen.
 */
export function createAlarmDefinitions(
  db: Executor,
  options: { ttlMs?: number; now?: () => number } = {},
): AlarmDefinitions {
  const ttlMs = options.ttlMs ?? definitionsTtlMs;
  const now = options.now ?? Date.now;
  let loaded: Map<string, DefinedAlarm[]> | undefined;
  let loadedAt = 0;
  let generation = 0;
  let loading: Promise<Map<string, DefinedAlarm[]>> | undefined;

  async function load(): Promise<Map<string, DefinedAlarm[]>> {
    const started = generation;
    const alarms = await enabledAlarms(db);
    const grouped = groupBy(alarms, (alarm) => alarm.deviceId);
    // A change announced while loading may be missing from this result: load again next time.
    if (started === generation) {
      loaded = grouped;
      loadedAt = now();
    }
    return grouped;
  }

  return {
    async byDevice() {
      if (loaded && now() - loadedAt < ttlMs) return loaded;
      loading ??= load().finally(() => {
        loading = undefined;
      });
      return loading;
    },
    invalidate() {
      generation += 1;
      loaded = undefined;
    },
  };
}

/**
 * Call after a transaction that created, changed, enabled, disabled or deleted alarms (or a
 * device's water-signal setting) commits: this process's engine reads them before the next
 * reading. Other processes see the change within `definitionsTtlMs`.
 */
export function alarmDefinitionsChanged(ctx: {
  alarms: { definitions: Pick<AlarmDefinitions, 'invalidate'> };
}): void {
  ctx.alarms.definitions.invalidate();
}
