import type { AlarmDefinition, Check, CheckSpec } from './checks.js';
import { outside, specsOf } from './checks.js';
import type { SensorValues } from '../../../ingest/columns.js';
import { minuteMs } from '../../../lib/durations.js';

/**
 * What the engine remembers per (alarm, type) between readings — persisted in
 * `alarm_conditions` (the open event itself is the `alarm_events` row with no `cleared_at`).
 */
export type ConditionState = {
  /** The newest reading evaluated: older (late, backfilled, redelivered) ones change nothing. */
  lastTsMs: number | null;
  /** The first out-of-range reading of an excursion still inside its delay. */
  pendingSinceMs: number | null;
  /** Reading time of the last raise that was notified (flapping is notified once a `frequency`). */
  lastNotifiedRaiseMs: number | null;
  /**
   * The open event; `notified` false when its raise was held back as flapping; `peak` the value
   * farthest outside the range so far (null when it has no value, as an offline event).
   */
  open: { notified: boolean; peak: number | null } | null;
};

export const initialState: ConditionState = {
  lastTsMs: null,
  pendingSinceMs: null,
  lastNotifiedRaiseMs: null,
  open: null,
};

export type Raise = {
  kind: 'raise';
  type: Check['type'];
  value: number | null;
  min: number | null;
  max: number | null;
  readingTsMs: number;
  outOfRangeSinceMs: number;
  /** False when the same alarm and type was notified less than `frequency` minutes earlier. */
  notify: boolean;
};
export type Clear = {
  kind: 'clear';
  type: Check['type'];
  value: number | null;
  /** The excursion's worst value, kept with the event as it closes. */
  peak: number | null;
  readingTsMs: number;
  /** Only an excursion whose raise was notified has its recovery notified. */
  notify: boolean;
};
export type Transition = Raise | Clear;

export type Step = {
  state: ConditionState;
  transition: Transition | undefined;
  /**
   * `transition` the state must be written with it (pending started or ended, raised, cleared);
   * `watermark` only `lastTsMs` moved; `none` the reading changed nothing (late or no value).
   */
  change: 'transition' | 'watermark' | 'none';
};

/** How far `value` lies outside [min, max] (negative or -Infinity inside, or with no bounds). */
function deviation(value: number, min: number | null, max: number | null): number {
  return Math.max(max === null ? -Infinity : value - max, min === null ? -Infinity : min - value);
}

/** Whether `value` is farther outside [min, max] than the peak so far (a new worst). */
export function beyondPeak(
  value: number,
  peak: number | null,
  min: number | null,
  max: number | null,
): boolean {
  if (peak === null) return true;
  return deviation(value, min, max) > deviation(peak, min, max);
}

function raise(
  state: ConditionState,
  check: Check,
  tsMs: number,
  since: number,
  frequencyMinutes: number,
): Step {
  const notify =
    state.lastNotifiedRaiseMs === null ||
    tsMs - state.lastNotifiedRaiseMs >= frequencyMinutes * minuteMs;
  return {
    state: {
      lastTsMs: tsMs,
      pendingSinceMs: null,
      lastNotifiedRaiseMs: notify ? tsMs : state.lastNotifiedRaiseMs,
      open: { notified: notify, peak: check.value },
    },
    transition: {
      kind: 'raise',
      type: check.type,
      value: check.value,
      min: check.min,
      max: check.max,
      readingTsMs: tsMs,
      outOfRangeSinceMs: since,
      notify,
    },
    change: 'transition',
  };
}

/**
 * One reading's check against the condition's state. Rules:
 * - a reading at or before `lastTsMs` is late: it is stored, but it neither raises, clears nor
 *   starts or ends a delay (so a redelivered or backfilled reading never acts twice or in the past);
 * - no value (-255, absent, unknown) changes nothing;
 * - out of range starts the delay at that reading; once a reading is `delayMs` past the start
 *   it is raised (delay 0: at once); while open, more out-of-range readings change nothing;
 * - back in range clears an open event, or forgets a pending start;
 * - exactly at a threshold is in range (checks.ts `outside`).
 */
export function step(
  state: ConditionState,
  check: Check,
  tsMs: number,
  frequencyMinutes: number,
): Step {
  if (state.lastTsMs !== null && tsMs <= state.lastTsMs) {
    return { state, transition: undefined, change: 'none' };
  }
  if (check.value === null) return { state, transition: undefined, change: 'none' };
  const moved: ConditionState = { ...state, lastTsMs: tsMs };
  if (check.outOfRange) {
    if (state.open) return { state: moved, transition: undefined, change: 'watermark' };
    const since = state.pendingSinceMs ?? tsMs;
    if (tsMs - since >= check.delayMs) return raise(state, check, tsMs, since, frequencyMinutes);
    return {
      state: { ...moved, pendingSinceMs: since },
      transition: undefined,
      change: state.pendingSinceMs === null ? 'transition' : 'watermark',
    };
  }
  if (state.open) {
    return {
      state: { ...moved, pendingSinceMs: null, open: null },
      transition: {
        kind: 'clear',
        type: check.type,
        value: check.value,
        peak: state.open.peak,
        readingTsMs: tsMs,
        notify: state.open.notified,
      },
      change: 'transition',
    };
  }
  if (state.pendingSinceMs !== null) {
    return {
      state: { ...moved, pendingSinceMs: null },
      transition: undefined,
      change: 'transition',
    };
  }
  return { state: moved, transition: undefined, change: 'watermark' };
}

/**
 * A pending door with no newer reading: raised by the minute sweep once `nowMs` is past its
 * allowance (a door left open that stops reporting still alarms). Other metrics are raised only
 * by readings: without one, nobody knows they are still out of range.
 */
export function dueStep(
  state: ConditionState,
  check: Pick<Check, 'type' | 'delayMs'>,
  nowMs: number,
  frequencyMinutes: number,
): Step {
  if (check.type !== 'door' || state.open || state.pendingSinceMs === null) {
    return { state, transition: undefined, change: 'none' };
  }
  if (nowMs - state.pendingSinceMs < check.delayMs) {
    return { state, transition: undefined, change: 'none' };
  }
  const tsMs = state.lastTsMs ?? state.pendingSinceMs;
  return raise(
    state,
    { type: 'door', value: 1, min: null, max: null, outOfRange: true, delayMs: check.delayMs },
    tsMs,
    state.pendingSinceMs,
    frequencyMinutes,
  );
}

export type ReadingInput = { tsMs: number; values: SensorValues };
export type ConditionKey = `${string}|${Check['type']}`;
export const conditionKey = (alarmId: string, type: Check['type']): ConditionKey =>
  `${alarmId}|${type}`;

export type AlarmOutcome<A extends AlarmDefinition = AlarmDefinition> = {
  /** Final state of every condition a reading reached, and how it changed. */
  states: Map<ConditionKey, { state: ConditionState; change: Step['change'] }>;
  /** In reading order per condition. */
  transitions: (Transition & { alarm: A })[];
  /** Events still open whose worst value moved (after the transitions, in the same write). */
  peaks: { alarm: A; type: Check['type']; peak: number | null }[];
};

/** One metric's readings that have a value, in time order, and the least and greatest value from each on. */
type Series = { ts: number[]; lowFrom: number[]; highFrom: number[] };

function seriesOf(ordered: readonly ReadingInput[], measure: CheckSpec['measure']): Series {
  const ts: number[] = [];
  const values: number[] = [];
  for (const reading of ordered) {
    const value = measure(reading.values);
    if (value === null) continue;
    ts.push(reading.tsMs);
    values.push(value);
  }
  const lowFrom = new Array<number>(values.length);
  const highFrom = new Array<number>(values.length);
  let low = Infinity;
  let high = -Infinity;
  for (let i = values.length - 1; i >= 0; i -= 1) {
    const value = values[i] ?? 0;
    low = Math.min(low, value);
    high = Math.max(high, value);
    lowFrom[i] = low;
    highFrom[i] = high;
  }
  return { ts, lowFrom, highFrom };
}

/**
 * A range check at rest (nothing open or pending) whose readings after `afterMs` are all in
 * range stays at rest, and only its watermark moves, to the newest of them: what the reading by
 * reading loop below concludes, from a look at the least and greatest value. Undefined when some
 * value is out of range (the loop decides then). Most conditions are at rest and most readings
 * in range: with five alarms on a device this spares five passes over its readings.
 */
function restingWatermark(
  series: Series,
  spec: CheckSpec,
  afterMs: number | null,
): { newest: number | null } | undefined {
  let first = 0;
  if (afterMs !== null) {
    let high = series.ts.length;
    while (first < high) {
      const middle = (first + high) >> 1;
      if ((series.ts[middle] ?? Infinity) > afterMs) high = middle;
      else first = middle + 1;
    }
  }
  if (first >= series.ts.length) return { newest: null };
  const low = series.lowFrom[first] ?? 0;
  const high = series.highFrom[first] ?? 0;
  if (outside(low, spec.min, spec.max) || outside(high, spec.min, spec.max)) return undefined;
  return { newest: series.ts[series.ts.length - 1] ?? null };
}

/** The resting shortcut for one check (undefined: the loop decides), its series measured once per metric. */
function restingStep(
  series: Map<CheckSpec['measure'], Series>,
  ordered: readonly ReadingInput[],
  spec: CheckSpec,
  stored: ConditionState,
): { state: ConditionState; change: Step['change'] } | undefined {
  if (!spec.byValue || stored.open !== null || stored.pendingSinceMs !== null) return undefined;
  let measured = series.get(spec.measure);
  if (!measured) {
    measured = seriesOf(ordered, spec.measure);
    series.set(spec.measure, measured);
  }
  const resting = restingWatermark(measured, spec, stored.lastTsMs);
  if (!resting) return undefined;
  if (resting.newest === null) return { state: stored, change: 'none' };
  return { state: { ...stored, lastTsMs: resting.newest }, change: 'watermark' };
}

function inTimeOrder(readings: readonly ReadingInput[]): boolean {
  for (let i = 1; i < readings.length; i += 1) {
    if ((readings[i]?.tsMs ?? 0) < (readings[i - 1]?.tsMs ?? 0)) return false;
  }
  return true;
}

/** All readings of one device (any order) against its enabled alarms and their states. */
export function evaluateReadings<A extends AlarmDefinition>(
  alarms: A[],
  states: ReadonlyMap<ConditionKey, ConditionState>,
  readings: ReadingInput[],
  /** false: the reading by reading loop alone, without the resting shortcut (tests compare). */
  shortcut = true,
): AlarmOutcome<A> {
  // Usually in time order already (a device's readings are written so): then not copied.
  const ordered = inTimeOrder(readings) ? readings : [...readings].sort((a, b) => a.tsMs - b.tsMs);
  const outcome: AlarmOutcome<A> = { states: new Map(), transitions: [], peaks: [] };
  const series = new Map<CheckSpec['measure'], Series>();
  for (const alarm of alarms) {
    for (const spec of specsOf(alarm)) {
      const key = conditionKey(alarm.id, spec.type);
      const stored = states.get(key) ?? initialState;
      const resting = shortcut ? restingStep(series, ordered, spec, stored) : undefined;
      if (resting) {
        if (resting.change !== 'none') outcome.states.set(key, resting);
        continue;
      }
      // A copy of its own, so that the common case (a watermark moving) allocates nothing.
      let state = { ...stored };
      let change: Step['change'] = 'none';
      let peaked = false;
      for (const { tsMs, values } of ordered) {
        if (state.lastTsMs !== null && tsMs <= state.lastTsMs) continue;
        const value = spec.measure(values);
        if (value === null) continue;
        const out = spec.isOut(value, tsMs);
        // At rest or still open: only the watermark moves (`step` decides the same, slower),
        // unless the open excursion reaches a new worst, which is kept with its event.
        if (out ? state.open !== null : state.open === null && state.pendingSinceMs === null) {
          state.lastTsMs = tsMs;
          if (state.open && beyondPeak(value, state.open.peak, spec.min, spec.max)) {
            state.open = { ...state.open, peak: value };
            change = 'transition';
            peaked = true;
          } else if (change === 'none') change = 'watermark';
          continue;
        }
        const check = {
          type: spec.type,
          value,
          min: spec.min,
          max: spec.max,
          outOfRange: out,
          delayMs: spec.delayMs,
        };
        const result = step(state, check, tsMs, alarm.frequency);
        if (result.change === 'none') continue;
        // A clear carries the peak; a raise starts a new one.
        if (result.transition) peaked = false;
        state = { ...result.state };
        if (change !== 'transition') change = result.change;
        if (result.transition) outcome.transitions.push({ ...result.transition, alarm });
      }
      if (change !== 'none') outcome.states.set(key, { state, change });
      if (peaked && state.open)
        outcome.peaks.push({ alarm, type: spec.type, peak: state.open.peak });
    }
  }
  return outcome;
}

/** An open event's follow-ups due at `nowMs` (minute sweep). */
export type OpenEvent = {
  raisedAtMs: number;
  notifiedCount: number;
  lastNotifiedAtMs: number | null;
  acknowledged: boolean;
  escalated: boolean;
};
export type FollowUpRules = {
  /** Minutes between repeats; null = never repeated (one-time). */
  frequencyMinutes: number | null;
  /** Most notifications (raise + repeats) of one event; null = unlimited. */
  maxNotifications: number | null;
  escalationMinutes: number;
};

/**
 * Repeat while it lasts, every `frequency` minutes after the last notification (the raise when
 * it was held back as flapping), up to `maxNotifications`; escalate once after
 * `escalationMinutes`. An acknowledged event is never repeated nor escalated.
 */
export function followUps(
  event: OpenEvent,
  rules: FollowUpRules,
  nowMs: number,
): { repeat: boolean; escalate: boolean } {
  if (event.acknowledged) return { repeat: false, escalate: false };
  const since = event.lastNotifiedAtMs ?? event.raisedAtMs;
  const repeat =
    rules.frequencyMinutes !== null &&
    rules.frequencyMinutes > 0 &&
    nowMs - since >= rules.frequencyMinutes * minuteMs &&
    (rules.maxNotifications === null || event.notifiedCount < rules.maxNotifications);
  const escalate =
    !event.escalated &&
    rules.escalationMinutes > 0 &&
    nowMs - event.raisedAtMs >= rules.escalationMinutes * minuteMs;
  return { repeat, escalate };
}

/** The offline rule for one device at `nowMs`: raise once silent for its ttl. */
export function offlineDue(
  device: { lastSeenAtMs: number | null; ttlMinutes: number; watched: boolean },
  open: boolean,
  nowMs: number,
): boolean {
  if (!device.watched || open || device.lastSeenAtMs === null) return false;
  return nowMs - device.lastSeenAtMs >= device.ttlMinutes * minuteMs;
}
