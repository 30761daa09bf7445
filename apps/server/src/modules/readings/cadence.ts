/**
 * How often work that costs about the same whatever it gathers runs while ingest is busy: the
 * follow-up's rounds (follow-up.ts: a row of device state and of rollup deltas per device) and
 * the rollup writer's applies (rollup-writer.ts: each level's row of each device and metric).
 * With many devices each run takes longer, and runs as frequent as with few devices would spend
 * most of the database's time on them (PGlite has one connection, which the writes wait for).
 */
export type Cadence = {
  /** The shortest interval from one run's start to the next (a quiet ingest's). */
  minMs: number;
  /** The longest: how late the work's results may come while ingest is busy. */
  maxMs: number;
  /** The share of the time the runs may take. */
  share: number;
};

/**
 * The interval from one run's start to the next, given how long the last one took: its duration
 * divided by `share`, between `minMs` and `maxMs`. With 1,000 devices on PGlite, rounds 2 s apart
 * instead of 500 ms took bench:ingest from 27k to 32k readings/s (53 -> 47 µs of CPU per
 * reading); runs of a quiet ingest take milliseconds and keep `minMs`.
 */
export function cadenceInterval(cadence: Cadence, lastRunMs: number): number {
  const longest = Math.max(cadence.minMs, cadence.maxMs);
  return Math.min(longest, Math.max(cadence.minMs, lastRunMs / cadence.share));
}
