import type { Logger } from 'pino';
import type { Db, Executor } from '../../../db/client.js';
import { enqueueNotify, type AlarmChange, type Announce } from './announce.js';
import { dueStep, followUps, offlineDue, type OpenEvent } from './evaluate.js';
import * as repo from './repo.js';
import * as sweepRepo from './sweep-repo.js';

export type SweepDeps = {
  db: Db;
  announce: Announce;
  jobsEnqueued: () => void;
  log: Logger;
};

export type SweepCounts = {
  raised: number;
  cleared: number;
  repeated: number;
  escalated: number;
};

const empty = (): SweepCounts => ({ raised: 0, cleared: 0, repeated: 0, escalated: 0 });

/**
 * Repeats and escalates one open event when due. A raise held back as flapping (no
 * notification yet) is sent as its `raised` message; then `repeat` 1, 2, ...
 */
async function followUp(
  tx: Executor,
  event: OpenEvent & { id: string },
  rules: Parameters<typeof followUps>[1],
  at: Date,
  counts: SweepCounts,
): Promise<void> {
  const due = followUps(event, rules, at.getTime());
  if (due.repeat) {
    const count = await sweepRepo.countNotification(tx, event.id, event.notifiedCount, at);
    if (count === 1) await enqueueNotify(tx, event.id, 'raised');
    else if (count !== undefined) await enqueueNotify(tx, event.id, 'repeat', count - 1);
    if (count !== undefined) counts.repeated += 1;
  }
  if (due.escalate && (await sweepRepo.markEscalated(tx, event.id, at))) {
    await enqueueNotify(tx, event.id, 'escalated');
    counts.escalated += 1;
  }
}

/**
 * Offline alarms (run by the offline sweep): raises a device's offline event once it has been
 * silent for its ttl, repeats it every offline frequency (the device's, else the account's) up to
 * the account's maxAlarms, escalates it, and clears it when the device reports again (ingest
 * clears it at once; this catches what ingest could not).
 */
export async function sweepOfflineAlarms(deps: SweepDeps, now = new Date()): Promise<SweepCounts> {
  const counts = empty();
  const nowMs = now.getTime();
  const changes: AlarmChange[] = [];
  const candidates = await sweepRepo.offlineCandidates(deps.db);
  await deps.db.transaction(async (tx) => {
    const recovered: string[] = [];
    for (const device of candidates) {
      const silentMs = nowMs - (device.lastSeenAtMs ?? nowMs);
      if (device.open && silentMs < device.ttlMinutes * 60_000) {
        recovered.push(device.deviceId);
        continue;
      }
      if (device.open) {
        await followUp(
          tx,
          device.open,
          {
            frequencyMinutes: device.maxAlarms > 1 ? device.frequencyMinutes : null,
            maxNotifications: device.maxAlarms,
            escalationMinutes: device.open.escalationMinutes,
          },
          now,
          counts,
        );
        continue;
      }
      if (!offlineDue({ ...device, watched: true }, false, nowMs)) continue;
      const lastSeen = new Date(device.lastSeenAtMs ?? nowMs);
      const id = await repo.insertEvent(tx, {
        accountId: device.accountId,
        deviceId: device.deviceId,
        alarmId: null,
        type: 'offline',
        value: null,
        min: null,
        max: null,
        readingTs: lastSeen,
        outOfRangeSince: lastSeen,
        raisedAt: now,
        notified: true,
      });
      if (!id) continue;
      await enqueueNotify(tx, id, 'raised');
      counts.raised += 1;
      changes.push(offlineChange('raised', id, device));
    }
    for (const row of await repo.clearOfflineEvents(tx, recovered, now)) {
      if (row.notifiedCount > 0) await enqueueNotify(tx, row.id, 'cleared');
      counts.cleared += 1;
      changes.push(offlineChange('cleared', row.id, row));
    }
  });
  finish(deps, counts, changes);
  return counts;
}

function offlineChange(
  state: AlarmChange['state'],
  eventId: string,
  device: { accountId: string; deviceId: string; deviceName: string },
): AlarmChange {
  return {
    state,
    eventId,
    accountId: device.accountId,
    deviceId: device.deviceId,
    deviceName: device.deviceName,
    alarmId: null,
    alarmName: null,
    type: 'offline',
    value: null,
  };
}

function finish(deps: SweepDeps, counts: SweepCounts, changes: AlarmChange[]) {
  if (counts.raised + counts.cleared + counts.repeated + counts.escalated > 0) {
    deps.jobsEnqueued();
  }
  if (changes.length > 0) deps.announce(changes);
}

/** Clears, silently, the open events of alarms disabled or deleted. */
async function clearOrphans(
  tx: Executor,
  now: Date,
  counts: SweepCounts,
  changes: AlarmChange[],
): Promise<void> {
  for (const orphan of await sweepRepo.clearOrphanedEvents(tx, now)) {
    counts.cleared += 1;
    changes.push({
      ...orphan,
      state: 'cleared',
      eventId: orphan.id,
      alarmName: null,
      value: null,
    });
  }
}

/** Raises a door left open past its allowance that stopped reporting; undefined when not due. */
async function raiseStaleDoor(
  tx: Executor,
  door: sweepRepo.PendingDoor,
  alarm: repo.DefinedAlarm,
  now: Date,
): Promise<AlarmChange | undefined> {
  const result = dueStep(
    {
      lastTsMs: door.lastTsMs,
      pendingSinceMs: door.pendingSinceMs,
      lastNotifiedRaiseMs: door.lastNotifiedRaiseMs,
      open: null,
    },
    { type: 'door', delayMs: (alarm.doorOpenMinutes ?? 0) * 60_000 },
    now.getTime(),
    alarm.frequency,
  );
  const raise = result.transition;
  if (raise?.kind !== 'raise') return undefined;
  const id = await repo.insertEvent(tx, {
    accountId: alarm.accountId,
    deviceId: alarm.deviceId,
    alarmId: alarm.id,
    type: 'door',
    value: 1,
    min: null,
    max: null,
    readingTs: new Date(raise.readingTsMs),
    outOfRangeSince: new Date(raise.outOfRangeSinceMs),
    raisedAt: now,
    notified: raise.notify,
  });
  if (!id) return undefined;
  await repo.saveConditions(tx, [
    { alarmId: alarm.id, type: 'door', deviceId: alarm.deviceId, state: result.state },
  ]);
  if (raise.notify) await enqueueNotify(tx, id, 'raised');
  return {
    state: 'raised',
    eventId: id,
    accountId: alarm.accountId,
    deviceId: alarm.deviceId,
    deviceName: alarm.deviceName,
    alarmId: alarm.id,
    alarmName: alarm.name,
    type: 'door',
    value: 1,
  };
}

/**
 * The minute sweep of defined alarms: re-notifies open, unacknowledged events every `frequency`
 * minutes (never one-time alarms), escalates those unacknowledged for the account's
 * `escalation_minutes` once, raises doors left open past their allowance that stopped
 * reporting, and clears (silently) the open events of alarms disabled or deleted.
 */
export async function sweepAlarms(deps: SweepDeps, now = new Date()): Promise<SweepCounts> {
  const counts = empty();
  const changes: AlarmChange[] = [];
  const events = await sweepRepo.openAlarmEvents(deps.db);
  const doors = await sweepRepo.pendingDoors(deps.db);
  const alarms = doors.length > 0 ? await repo.enabledAlarms(deps.db) : [];
  await deps.db.transaction(async (tx) => {
    await clearOrphans(tx, now, counts, changes);
    for (const event of events) {
      await followUp(
        tx,
        event,
        {
          frequencyMinutes: event.oneTime ? null : event.frequency,
          maxNotifications: null,
          escalationMinutes: event.escalationMinutes,
        },
        now,
        counts,
      );
    }
    for (const door of doors) {
      const alarm = alarms.find((candidate) => candidate.id === door.alarmId);
      if (!alarm?.doorEnabled) continue;
      const change = await raiseStaleDoor(tx, door, alarm, now);
      if (!change) continue;
      counts.raised += 1;
      changes.push(change);
    }
  });
  finish(deps, counts, changes);
  return counts;
}
