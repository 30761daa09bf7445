import { describe, expect, it } from 'vitest';
import { parseOptions } from '../src/options.js';

describe('simulator options', () => {
  it('defaults to the demo', () => {
    expect(parseOptions(['--credentials', 'gw.json'])).toEqual({
      mode: 'demo',
      url: 'mqtt://127.0.0.1:1883',
      gateways: 2,
      devices: 12,
      rate: 1.2,
      batch: 1,
      window: 1,
      credentials: 'gw.json',
      duration: 30,
      backfill: 0,
    });
  });

  it('reads the load mode', () => {
    expect(
      parseOptions([
        'load',
        '--credentials',
        'gw.json',
        '--gateways',
        '10',
        '--devices',
        '1000',
        '--rate',
        '10000',
        '--batch',
        '50',
        '--window',
        '16',
      ]),
    ).toMatchObject({
      mode: 'load',
      gateways: 10,
      devices: 1000,
      rate: 10000,
      batch: 50,
      window: 16,
    });
  });

  it.each([
    [['--credentials', 'c.json', '--gateways', '0'], /^Invalid gateways/],
    [['--credentials', 'c.json', '--rate', 'fast'], /^Invalid rate/],
    [['--credentials', 'c.json', '--window', '0'], /^Invalid window/],
    [['--credentials', 'c.json', '--url', 'http://x'], /^Invalid url: must start with mqtt/],
    [['--credentials', 'c.json', 'chaos'], /^Invalid mode/],
    [[], /^Invalid credentials: a credentials file is required/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseOptions(argv)).toThrow(message);
  });
});
