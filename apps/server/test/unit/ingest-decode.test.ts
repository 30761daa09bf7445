import { describe, expect, it } from 'vitest';
import { readingColumns } from '../../src/ingest/columns.js';
import { decodeUpMessage, decodeUpPayload, normaliseDeviceId } from '../../src/ingest/decode.js';
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
