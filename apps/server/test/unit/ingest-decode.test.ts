import { describe, expect, it } from 'vitest';
import { readingColumns } from '../../src/ingest/columns.js';
import { upMessage } from '@vigil/contracts';
import {
  decodeUpMessage,
  decodeUpPayload,
  normaliseDeviceId,
  plainUpReadings,
} from '../../src/ingest/decode.js';
import { parseTopic } from '../../src/ingest/topics.js';

const now = Date.parse('2030-06-01T12:00:00Z');
const at = (field: string) => readingColumns.findIndex((column) => column.field === field);
const one = (data: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  readings: [{ deviceId: 'AA:BB:CC:DD:EE:FF', ts: '2030-06-01T11:59:00Z', data, ...extra }],
});

describe('normaliseDeviceId', () => {
  it.each([
    ['AA:BB:CC:DD:EE:FF', 'aa:bb:cc:dd:ee:ff'],
    ['aabbccddeeff', 'aa:bb:cc:dd:ee:ff'],
    ['aa-bb cc', 'aa:bb:cc'],
    ['0123456789abcdef0123456789abcdef', '01:23:45:67:89:ab:cd:ef:01:23:45:67:89:ab:cd:ef'],
    ['ab', undefined],
    ['abc', undefined],
    ['zz:zz', undefined],
  ])('%s -> %s', (raw, expected) => {
    expect(normaliseDeviceId(raw)).toBe(expected);
  });
});

describe('decodeUpPayload', () => {
  it('maps the contract fields to columns, -255 to null, and keeps unknown fields', () => {
    const result = decodeUpMessage(
      one({ t: 4.5, h: -255, Node_Type: 1, CO2_s: 5, hPa: 990, note: 'door seal', lit: false }),
      now,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const [reading] = result.readings;
    expect(reading?.deviceKey).toBe('aa:bb:cc:dd:ee:ff');
    expect(reading?.tsMs).toBe(Date.parse('2030-06-01T11:59:00Z'));
    expect(reading?.values[at('t')]).toBe(4.5);
    expect(reading?.values[at('h')]).toBeNull();
    expect(reading?.values[at('Node_Type')]).toBe(1);
    expect(reading?.values[at('CO2_s')]).toBe(5);
    expect(reading?.values[at('pressure')]).toBe(990);
    expect(reading?.extra).toEqual({ note: 'door seal', lit: false });
  });

  it('prefers pressure over its older names, and takes them in order', () => {
    const decode = (data: Record<string, unknown>) => {
      const result = decodeUpMessage(one(data), now);
      return result.ok
        ? [result.readings[0]?.values[at('pressure')], result.readings[0]?.extra]
        : result;
    };
    expect(decode({ pressure: 1000, hPa: 990 })).toEqual([1000, { hPa: 990 }]);
    expect(decode({ hPa: 990, bmp_s: 1001 })).toEqual([1001, { hPa: 990 }]);
    expect(decode({ bmp_1_s: -255 })).toEqual([null, null]);
  });

  it('reads epoch seconds and milliseconds', () => {
    const seconds = decodeUpMessage(one({ t: 1 }, { ts: now / 1000 - 60 }), now);
    const millis = decodeUpMessage(one({ t: 1 }, { ts: now - 60_000 }), now);
    expect(seconds.ok && seconds.readings[0]?.tsMs).toBe(now - 60_000);
    expect(millis.ok && millis.readings[0]?.tsMs).toBe(now - 60_000);
  });

  it.each([
    ['truncated JSON', '{"readings":[{"deviceId":"aa:bb"', 'invalid_json'],
    ['NaN', '{"readings":[{"deviceId":"aa:bb","ts":1,"data":{"t":NaN}}]}', 'invalid_json'],
    ['a string for a sensor', JSON.stringify(one({ t: '4' })), 'schema'],
    ['no readings', JSON.stringify({ readings: [] }), 'schema'],
    ['not an object', '[1,2]', 'schema'],
    [
      'Infinity',
      '{"readings":[{"deviceId":"aa:bb","ts":1893456000,"data":{"t":1e999}}]}',
      'schema',
    ],
    [
      '1001 readings',
      JSON.stringify({ readings: Array(1001).fill(one({ t: 1 }).readings[0]) }),
      'too_many_readings',
    ],
    [
      '6 minutes ahead',
      JSON.stringify(one({ t: 1 }, { ts: now + 6 * 60_000 })),
      'timestamp_future',
    ],
    ['1999', JSON.stringify(one({ t: 1 }, { ts: '1999-12-31T23:59:59Z' })), 'timestamp_too_old'],
    ['a fraction for mode', JSON.stringify(one({ m: 2.5 })), 'value_out_of_range'],
    ['door 40000', JSON.stringify(one({ d: 40_000 })), 'value_out_of_range'],
    ['t 1e39', JSON.stringify(one({ t: 1e39 })), 'value_out_of_range'],
    ['a NUL in a field', JSON.stringify(one({ t: 1, note: 'a\u0000b' })), 'invalid_text'],
  ])('refuses %s', (_name, payload, reason) => {
    const result = decodeUpPayload(Buffer.from(payload), now);
    expect(result).toMatchObject({ ok: false, reason });
  });

  it('refuses a payload over 1 MiB before parsing it', () => {
    expect(decodeUpPayload(Buffer.alloc(1024 * 1024 + 1, 32), now)).toMatchObject({
      ok: false,
      reason: 'too_large',
    });
  });

  it('accepts 5 minutes ahead of our clock, not more', () => {
    expect(decodeUpMessage(one({ t: 1 }, { ts: now + 5 * 60_000 }), now).ok).toBe(true);
    expect(decodeUpMessage(one({ t: 1 }, { ts: now + 5 * 60_000 + 1 }), now).ok).toBe(false);
  });
});

describe('parseTopic', () => {
  it.each([
    ['v1/gateways/gw-1/up', { gatewayId: 'gw-1', kind: 'up' }],
    ['v1/gateways/GW-1/status', { gatewayId: 'GW-1', kind: 'status' }],
    ['v1/gateways/gw-1/down', { gatewayId: 'gw-1', kind: 'down' }],
    ['v1/gateways/gw-1/other', undefined],
    ['v1/gateways/gw-1/up/extra', undefined],
    ['v2/gateways/gw-1/up', undefined],
    ['v1/gateways//up', undefined],
  ])('%s', (topic, expected) => {
    expect(parseTopic(topic)).toEqual(expected);
  });
});

describe('the hand-written check of plainly valid messages', () => {
  const reading = (overrides: Record<string, unknown> = {}) => ({
    deviceId: 'aa:bb:cc:dd:ee:ff',
    ts: '2030-06-01T11:59:00Z',
    data: { t: 4.5, h: 40 },
    ...overrides,
  });
  const manyFields = (count: number) =>
    Object.fromEntries(Array.from({ length: count }, (_, index) => [`f${String(index)}`, index]));
  const cases: [string, unknown][] = [
    ['a plain message', { readings: [reading()] }],
    ['epoch milliseconds', { readings: [reading({ ts: 1_900_000_000_000 })] }],
    ['epoch seconds', { readings: [reading({ ts: 1_900_000_000 })] }],
    ['an offset', { readings: [reading({ ts: '2030-06-01T13:59:00.250+02:00' })] }],
    [
      'every kind of extra value',
      { readings: [reading({ data: { t: 1, a: 'x', b: true, c: null } })] },
    ],
    ['64 fields', { readings: [reading({ data: manyFields(64) })] }],
    ['keys the schema strips', { readings: [reading({ other: 1 })], more: true }],
    ['no readings', { readings: [] }],
    ['readings not a list', { readings: {} }],
    ['a list at the top', [{ readings: [reading()] }]],
    ['null', null],
    ['a reading that is a list', { readings: [[reading()]] }],
    ['a short device id', { readings: [reading({ deviceId: 'a' })] }],
    ['a long device id', { readings: [reading({ deviceId: 'a'.repeat(65) })] }],
    ['a numeric device id', { readings: [reading({ deviceId: 12 })] }],
    ['a time without offset', { readings: [reading({ ts: '2030-06-01T11:59:00' })] }],
    ['a date only', { readings: [reading({ ts: '2030-06-01' })] }],
    ['February 30th', { readings: [reading({ ts: '2030-02-30T11:59:00Z' })] }],
    ['a fractional epoch', { readings: [reading({ ts: 1_900_000_000.5 })] }],
    ['a negative epoch', { readings: [reading({ ts: -5 })] }],
    ['an unsafe epoch', { readings: [reading({ ts: 2 ** 60 })] }],
    ['no ts', { readings: [reading({ ts: undefined })] }],
    ['data a list', { readings: [reading({ data: [1] })] }],
    ['data null', { readings: [reading({ data: null })] }],
    ['65 fields', { readings: [reading({ data: manyFields(65) })] }],
    ['a long key', { readings: [reading({ data: { ['k'.repeat(65)]: 1 } })] }],
    ['a long text', { readings: [reading({ data: { note: 'x'.repeat(257) } })] }],
    ['a nested object', { readings: [reading({ data: { note: { a: 1 } } })] }],
    ['a sensor field as text', { readings: [reading({ data: { t: '4.5' } })] }],
    ['a sensor field null', { readings: [reading({ data: { t: null } })] }],
    ['a sensor field infinite', { readings: [reading({ data: { t: Infinity } })] }],
    ['an extra field NaN', { readings: [reading({ data: { x: NaN } })] }],
    [
      'a __proto__ key',
      JSON.parse('{"readings":[{"deviceId":"ab","ts":1,"data":{"__proto__":1}}]}'),
    ],
    ['too many readings', { readings: Array.from({ length: 1001 }, () => reading()) }],
  ];
  it.each(cases)('agrees with the schema: %s', (_, message) => {
    const plain = plainUpReadings(message);
    const parsed = upMessage.safeParse(message);
    // Never accepts what the schema refuses; what it accepts reads the same as the schema's copy
    // (decoding reads deviceId, ts and data only: keys the schema strips are not looked at).
    const read = (readings: { deviceId: string; ts: unknown; data: unknown }[] | undefined) =>
      readings?.map(({ deviceId, ts, data }) => ({ deviceId, ts, data }));
    if (plain) {
      expect(parsed.success).toBe(true);
      expect(read(plain)).toEqual(read(parsed.data?.readings));
    }
    // The plain shapes above are taken by hand, not left to the schema.
    if (parsed.success && !JSON.stringify(message).includes('__proto__')) {
      expect(plain).toBeDefined();
    }
  });
});
