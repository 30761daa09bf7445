import { timeValues } from '@vigil/contracts';

/** The range selector's choices (spec monitoring 2 and 9): 1 hour is the default. */
export const rangeKeys = ['live', '1h', '3h', '6h', '12h', '24h', '7d', '1y', 'custom'] as const;
export type RangeKey = (typeof rangeKeys)[number];
export type PresetKey = Exclude<RangeKey, 'live' | 'custom'>;

export const defaultRange: RangeKey = '1h';

const minuteMs = 60_000;
const hourMs = 60 * minuteMs;
export const dayMs = 24 * hourMs;

/** Live mode starts from the last 15 minutes of readings, then appends the live feed. */
export const liveWindowMs = 15 * minuteMs;
/** The live chart keeps about this many points, dropping the oldest (spec monitoring 9). */
export const liveChartCap = 700;
/** Preset charts refetch this often as a fallback to the socket feed (spec: chart refresh 30 s). */
export const chartRefreshMs = 30_000;
/** A custom range is exported only when shorter than this (spec monitoring 9). */
export const customExportLimitMs = 6 * dayMs;
/** A custom range longer than this draws no graph (spec monitoring 4 and 9). */
export const noGraphLimitMs = 90 * dayMs;

const presetMs: Record<PresetKey, number> = {
  '1h': hourMs,
  '3h': 3 * hourMs,
  '6h': 6 * hourMs,
  '12h': 12 * hourMs,
  '24h': dayMs,
  '7d': 7 * dayMs,
  '1y': 365 * dayMs,
};

/**
 * The time value each choice sends to the socket and the API. The contract fixes 0 (live), 1-5
 * (presets: the socket then sends `graphData`) and 6 (custom). Seven presets share five values,
 * grouped by what the panel does with them: 1 = 1 h, 2 = 3 h, 3 = 6 h and 12 h, 4 = 24 h, and
 * 5 = 7 d and 1 y — the ranges longer than the 6-day export threshold, whose export menu the spec
 * reduces to fullscreen only (as it does for custom ranges of 6 days or more).
 */
const timeValueOfKey: Record<RangeKey, number> = {
  live: timeValues.live,
  '1h': 1,
  '3h': 2,
  '6h': 3,
  '12h': 3,
  '24h': 4,
  '7d': 5,
  '1y': 5,
  custom: timeValues.custom,
};

export const timeValueOf = (key: RangeKey): number => timeValueOfKey[key];

/** The choice shown for a time value set from outside the panel (first key with that value). */
export function rangeKeyFor(timeValue: number): RangeKey {
  return rangeKeys.find((key) => timeValueOfKey[key] === timeValue) ?? defaultRange;
}

export interface CustomDates {
  /** ISO date-times. */
  from: string;
  to: string;
}

export interface RangeChoice {
  key: RangeKey;
  /** Present when key is 'custom'. */
  custom?: CustomDates;
}

export interface TimeWindow {
  from: Date;
  to: Date;
}

/** The window a choice covers at `now`: presets and live end now; custom has its own dates. */
export function windowOf(choice: RangeChoice, now: Date = new Date()): TimeWindow {
  const { key, custom } = choice;
  if (key === 'custom') {
    if (custom) return { from: new Date(custom.from), to: new Date(custom.to) };
    return { from: new Date(now.getTime() - hourMs), to: now };
  }
  const span = key === 'live' ? liveWindowMs : presetMs[key];
  return { from: new Date(now.getTime() - span), to: now };
}

/** The length of a preset's or live window in ms; undefined for custom ranges (they do not slide). */
export function slidingSpanOf(key: RangeKey): number | undefined {
  if (key === 'custom') return undefined;
  return key === 'live' ? liveWindowMs : presetMs[key];
}

const spanOf = (custom: CustomDates | undefined): number =>
  custom ? Date.parse(custom.to) - Date.parse(custom.from) : 0;

/**
 * What the export menu offers (spec monitoring 2): CSV and PDF beside fullscreen, except for
 * time value 5 and for custom ranges of 6 days or more, which get fullscreen only.
 */
export function canExport(choice: RangeChoice): boolean {
  if (timeValueOf(choice.key) === 5) return false;
  if (choice.key === 'custom') return spanOf(choice.custom) < customExportLimitMs;
  return true;
}

/** A custom range of more than 90 days is flagged no-graph (spec monitoring 4). */
export function isNoGraph(choice: RangeChoice): boolean {
  return choice.key === 'custom' && spanOf(choice.custom) > noGraphLimitMs;
}

/** The browser's IANA timezone: days of bucketed charts and the exports' local clock follow it. */
export function browserTimezone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'Etc/UTC';
}
