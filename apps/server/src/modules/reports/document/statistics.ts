/**
 * The statistics of a report period (DESIGN 9): min, max, mean, mean kinetic temperature,
 * time out of range against alarm thresholds and data gaps. Pure functions over samples
 * sorted by time; gaps are never interpolated — a sample holds its value for at most the
 * gap limit, so a silent sensor adds neither time in range nor time out of range.
 */

export type Sample = { at: number; value: number };

/** Gas constant, J/(mol*K). */
export const gasConstant = 8.3144;
/** Default activation energy ΔH for MKT, J/mol (USP <1079>/<1160>: 83.144 kJ/mol). */
export const defaultActivationEnergy = 83_144;
const kelvin = 273.15;

export type Summary = { count: number; min: number; max: number; mean: number };

/** Min, max and arithmetic mean of the values; null when there are none. */
export function summarize(values: readonly number[]): Summary | null {
  if (values.length === 0) return null;
  let min = Infinity;
  let max = -Infinity;
  let sum = 0;
  for (const value of values) {
    if (value < min) min = value;
    if (value > max) max = value;
    sum += value;
  }
  return { count: values.length, min, max, mean: sum / values.length };
}

/**
 * Mean kinetic temperature in °C of equally weighted temperatures in °C:
 * MKT = (ΔH/R) / −ln( (1/n) Σ exp(−ΔH / (R·Tᵢ)) ) with Tᵢ in kelvin.
 * The sum is taken as log-sum-exp so that cold values (LN2 near 77 K) do not underflow.
 */
export function meanKineticTemperature(
  celsius: readonly number[],
  activationEnergy = defaultActivationEnergy,
): number | null {
  if (celsius.length === 0) return null;
  const ratio = activationEnergy / gasConstant;
  const exponents = celsius.map((value) => -ratio / (value + kelvin));
  const top = Math.max(...exponents);
  let sum = 0;
  for (const exponent of exponents) sum += Math.exp(exponent - top);
  const logMean = top + Math.log(sum / celsius.length);
  return ratio / -logMean - kelvin;
}

export type Thresholds = { min: number | null; max: number | null };
export type Gap = { start: number; end: number };

/**
 * The longest a sample may stand for: `gapFactor` times the expected cadence. Longer
 * silences are gaps.
 */
export function holdLimit(cadenceMs: number, gapFactor = 3): number {
  return cadenceMs * gapFactor;
}

/**
 * The silences in [periodStart, periodEnd) longer than the hold limit: between samples, and
 * from the period start to the first sample and from the last sample to the period end.
 */
export function dataGaps(
  samples: readonly Sample[],
  period: { start: number; end: number },
  limit: number,
): Gap[] {
  const gaps: Gap[] = [];
  let previous = period.start;
  for (const sample of samples) {
    if (sample.at < period.start || sample.at >= period.end) continue;
    if (sample.at - previous > limit) gaps.push({ start: previous, end: sample.at });
    previous = sample.at;
  }
  if (period.end - previous > limit) gaps.push({ start: previous, end: period.end });
  return gaps;
}

/**
 * Milliseconds in the period during which the value was below `min` or above `max`. Each
 * sample holds until the next one, at most `limit` and never past the period end.
 */
export function timeOutOfRange(
  samples: readonly Sample[],
  thresholds: Thresholds,
  period: { start: number; end: number },
  limit: number,
): number {
  if (thresholds.min === null && thresholds.max === null) return 0;
  const inPeriod = samples.filter((sample) => sample.at >= period.start && sample.at < period.end);
  let total = 0;
  inPeriod.forEach((sample, index) => {
    const out =
      (thresholds.min !== null && sample.value < thresholds.min) ||
      (thresholds.max !== null && sample.value > thresholds.max);
    if (!out) return;
    const next = inPeriod[index + 1]?.at ?? period.end;
    total += Math.min(next, sample.at + limit, period.end) - sample.at;
  });
  return total;
}

/** The median interval between consecutive samples (the device's cadence); null below 2. */
export function medianCadence(samples: readonly Sample[]): number | null {
  if (samples.length < 2) return null;
  const intervals: number[] = [];
  for (let i = 1; i < samples.length; i += 1) {
    const a = samples[i - 1];
    const b = samples[i];
    if (a && b) intervals.push(b.at - a.at);
  }
  intervals.sort((x, y) => x - y);
  return intervals[Math.floor(intervals.length / 2)] ?? null;
}

export type Opening = { openedAt: number; closedAt: number | null };
export type DoorSummary = { count: number; totalOpenMs: number; longestOpenMs: number };

/**
 * Door openings in the period: openings that began in it, each counted to its close, or to the
 * period end when it closed later or is still open (time past the end belongs to the next report).
 */
export function doorSummary(
  openings: readonly Opening[],
  period: { start: number; end: number },
): DoorSummary {
  let count = 0;
  let totalOpenMs = 0;
  let longestOpenMs = 0;
  for (const opening of openings) {
    if (opening.openedAt < period.start || opening.openedAt >= period.end) continue;
    const open = Math.min(opening.closedAt ?? period.end, period.end) - opening.openedAt;
    count += 1;
    totalOpenMs += open;
    longestOpenMs = Math.max(longestOpenMs, open);
  }
  return { count, totalOpenMs, longestOpenMs };
}
