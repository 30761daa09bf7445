/**
 * How often the follow-up (follow-up.ts) runs a round while ingest is busy. Each round costs a
 * statement per kind of work and a row of device state and rollup deltas per device, whatever
 * the number of readings it gathers: with many devices a round takes longer, and rounds as
 * frequent as with few devices would spend most of the database's time on them (PGlite has one
 * connection, which the writes wait for).
 */
export type RoundCadence = {
  /** The shortest interval from one round's start to the next (a quiet ingest's rounds). */
  minMs: number;
  /** The longest: how late state, door events and alarms may come while ingest is busy. */
  maxMs: number;
  /** The share of the time rounds may take. */
  share: number;
};

/**
 * The interval from one round's start to the next, given how long the last one took: its
 * duration divided by `share`, between `minMs` and `maxMs`. With 1,000 devices on PGlite,
 * rounds 2 s apart instead of 500 ms took bench:ingest from 27k to 32k readings/s (53 -> 47 µs of
 * CPU per reading); rounds of a quiet ingest take milliseconds and keep `minMs`.
 */
export function roundInterval(cadence: RoundCadence, lastRoundMs: number): number {
  const longest = Math.max(cadence.minMs, cadence.maxMs);
  return Math.min(longest, Math.max(cadence.minMs, lastRoundMs / cadence.share));
}
