import {
  maxReadingsPerMessage,
  noReading,
  readingFields,
  readingTimestamp,
  upMessage,
} from '@vigil/contracts';
import type { UpReading } from '@vigil/contracts';
import {
  columnIndex,
  columnLimits,
  pressureAliases,
  readingColumns,
  type DecodedReading,
  type SensorValues,
} from './columns.js';

/** Why a message was refused; a bounded set, used as the metrics label. */
export type RejectReason =
  | 'too_large'
  | 'invalid_json'
  | 'too_many_readings'
  | 'schema'
  | 'timestamp_too_old'
  | 'timestamp_future'
  | 'value_out_of_range'
  | 'invalid_text'
  | 'not_storable';

export type Rejection = { ok: false; reason: RejectReason; detail: string };
export type Decoded = { ok: true; readings: DecodedReading[] } | Rejection;

/** The largest `up` payload taken in: 1,000 readings of every field fit well below it. */
export const maxPayloadBytes = 1024 * 1024;
/** Readings may come from a clock this far ahead of ours, not further. */
export const maxClockAheadMs = 5 * 60_000;
/**
 * Readings older than the raw retention (RAW_RETENTION_DAYS, 400 days by default) are refused:
 * the retention job would delete them at once, and a date like 2001 is a gateway's unset clock.
 */
export const defaultRetentionMs = 400 * 86_400_000;
/** Epoch numbers below this are seconds, at or above it milliseconds (1e11 s is the year 5138). */
const secondsBelow = 1e11;

const knownFields = new Set<string>(readingFields);

const reject = (reason: RejectReason, detail: string): Rejection => ({ ok: false, reason, detail });

/** Gateways send the same few ids again and again: each is normalised once. */
const normalised = new Map<string, string | null>();

/**
 * Hardware addresses as `deviceIdField` (contracts/inventory.ts) stores them: lower-case hex
 * pairs joined by colons; undefined when the id cannot be a hardware address.
 */
export function normaliseDeviceId(raw: string): string | undefined {
  const known = normalised.get(raw);
  if (known !== undefined) return known ?? undefined;
  const hex = raw.toLowerCase().replace(/[\s:-]/g, '');
  const result = /^([0-9a-f]{2}){2,16}$/.test(hex) ? hex.match(/../g)?.join(':') : undefined;
  if (normalised.size >= 100_000) normalised.clear();
  normalised.set(raw, result ?? null);
  return result;
}

/** An `up` message as it arrives over MQTT: bytes of JSON. */
export function decodeUpPayload(
  payload: Buffer | string,
  nowMs: number,
  retentionMs = defaultRetentionMs,
): Decoded {
  const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
  if (size > maxPayloadBytes) return reject('too_large', `payload of ${size} bytes`);
  let value: unknown;
  try {
    value = JSON.parse(typeof payload === 'string' ? payload : payload.toString('utf8'));
  } catch (error) {
    return reject('invalid_json', (error as Error).message);
  }
  return decodeUpMessage(value, nowMs, retentionMs);
}

/** An `up` message already parsed from JSON (MQTT after parsing, or the HTTP body). */
export function decodeUpMessage(
  value: unknown,
  nowMs: number,
  retentionMs = defaultRetentionMs,
): Decoded {
  // Count before validating, so a huge array is refused without walking it.
  const readings = (value as { readings?: unknown } | null)?.readings;
  if (Array.isArray(readings) && readings.length > maxReadingsPerMessage) {
    return reject(
      'too_many_readings',
      `${readings.length} readings (at most ${maxReadingsPerMessage})`,
    );
  }
  let valid = plainUpReadings(value);
  if (!valid) {
    const parsed = upMessage.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const path = issue?.path.join('.') ?? '';
      return reject('schema', `${path ? `${path}: ` : ''}${issue?.message ?? 'invalid'}`);
    }
    valid = parsed.data.readings;
  }
  const decoded: DecodedReading[] = [];
  for (const [index, reading] of valid.entries()) {
    const result = decodeReading(reading, nowMs, retentionMs);
    if ('ok' in result) return reject(result.reason, `readings.${index}: ${result.detail}`);
    decoded.push(result);
  }
  return { ok: true, readings: decoded };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const fieldValueOk = (value: unknown) =>
  value === null ||
  typeof value === 'boolean' ||
  (typeof value === 'number' && Number.isFinite(value)) ||
  (typeof value === 'string' && value.length <= 256);

/**
 * The readings of a message that plainly matches `upMessage`, checked by hand: the schema's
 * generic walk (and the copy it makes) was the largest part of ingest's own CPU. Anything not
 * plainly valid is left to the schema (undefined), which then gives the exact reason; so this
 * accepts nothing the schema would refuse, and the readings are the very objects it would return.
 */
export function plainUpReadings(value: unknown): UpReading[] | undefined {
  if (!isObject(value)) return undefined;
  const readings = value.readings;
  if (!Array.isArray(readings) || readings.length < 1 || readings.length > maxReadingsPerMessage) {
    return undefined;
  }
  for (const reading of readings as unknown[]) {
    if (!isObject(reading)) return undefined;
    const { deviceId, ts, data } = reading;
    if (typeof deviceId !== 'string' || deviceId.length < 2 || deviceId.length > 64) {
      return undefined;
    }
    if (typeof ts === 'number') {
      if (!Number.isSafeInteger(ts) || ts <= 0) return undefined;
    } else if (typeof ts !== 'string' || !readingTimestamp.safeParse(ts).success) {
      return undefined;
    }
    if (!isObject(data) || Object.getPrototypeOf(data) !== Object.prototype) return undefined;
    let fields = 0;
    for (const key in data) {
      fields += 1;
      const field = data[key];
      if (fields > 64 || key.length > 64 || key === '__proto__' || !fieldValueOk(field)) {
        return undefined;
      }
      if (typeof field !== 'number' && knownFields.has(key)) return undefined;
    }
  }
  return readings as UpReading[];
}

function timestampMs(ts: string | number): number {
  if (typeof ts === 'string') return Date.parse(ts);
  return ts < secondsBelow ? ts * 1000 : ts;
}

function decodeReading(
  reading: UpReading,
  nowMs: number,
  retentionMs: number,
): DecodedReading | Rejection {
  const tsMs = Math.trunc(timestampMs(reading.ts));
  if (!Number.isFinite(tsMs)) return reject('schema', 'ts: not a valid time');
  if (tsMs < nowMs - retentionMs) {
    const days = Math.round(retentionMs / 86_400_000);
    return reject('timestamp_too_old', `ts: older than the ${String(days)} days of raw data kept`);
  }
  if (tsMs > nowMs + maxClockAheadMs) {
    return reject('timestamp_future', 'ts: more than 5 minutes in the future');
  }
  const alias = pressureAlias(reading.data);
  const values = sensorValues(reading.data, alias);
  if (typeof values === 'string') return reject('value_out_of_range', values);
  const extra = extraFields(reading.data, alias);
  if (extra === 'nul') return reject('invalid_text', 'data: text with a NUL character');
  if (reading.deviceId.includes('\u0000')) {
    return reject('invalid_text', 'deviceId: text with a NUL character');
  }
  return {
    deviceKey: normaliseDeviceId(reading.deviceId) ?? reading.deviceId.trim().toLowerCase(),
    tsMs,
    values,
    extra,
  };
}

type Data = UpReading['data'];

/** The older pressure field standing in for an absent `pressure`, if any. */
function pressureAlias(data: Data): string | undefined {
  if (data.pressure !== undefined) return undefined;
  return pressureAliases.find((alias) => typeof data[alias] === 'number');
}

/**
 * The columns' values; a string says which value does not fit its column (the first one). The
 * array is built at its size (19 slots, where one grown by push held 43): a reading's values stay
 * in memory until its follow-up round, up to 150,000 readings while the follow-up is behind.
 */
function sensorValues(data: Data, alias: string | undefined): SensorValues | string {
  let problem: string | undefined;
  const values: SensorValues = readingColumns.map((column) => {
    const value = data[column.field];
    if (typeof value !== 'number') return null;
    const issue = outOfRange(value, column.type);
    if (issue) problem ??= `${column.field}: ${issue}`;
    return value === noReading ? null : value;
  });
  if (problem) return problem;
  const aliasValue = alias === undefined ? undefined : data[alias];
  if (alias !== undefined && typeof aliasValue === 'number') {
    const issue = outOfRange(aliasValue, 'real');
    if (issue) return `${alias}: ${issue}`;
    values[columnIndex.pressure] = aliasValue === noReading ? null : aliasValue;
  }
  return values;
}

function outOfRange(value: number, type: 'real' | 'smallint'): string | undefined {
  if (value === noReading) return undefined;
  if (type === 'real') {
    return Math.abs(value) > columnLimits.real.abs ? 'too large' : undefined;
  }
  const { min, max } = columnLimits.smallint;
  if (!Number.isInteger(value)) return 'must be a whole number';
  return value < min || value > max ? 'out of range' : undefined;
}

/** Fields outside the contract, kept as sent (the pressure alias in use goes to its column). */
function extraFields(
  data: Data,
  alias: string | undefined,
): Record<string, unknown> | null | 'nul' {
  let extra: Record<string, unknown> | null = null;
  for (const [key, value] of Object.entries(data)) {
    if (knownFields.has(key) || key === alias) continue;
    if (key.includes('\u0000') || (typeof value === 'string' && value.includes('\u0000'))) {
      return 'nul';
    }
    extra ??= {};
    extra[key] = value;
  }
  return extra;
}
