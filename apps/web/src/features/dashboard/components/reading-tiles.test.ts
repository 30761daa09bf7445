import { describe, expect, it } from 'vitest';
import { emptyReading } from '../../../test/fixtures';
import { deviceTiles, readingTiles } from './reading-tiles';

const temperatureOf = (reading: Parameters<typeof readingTiles>[0], unit: 'C' | 'F' = 'C') =>
  readingTiles(reading, unit).find((tile) => tile.key === 'temperature')?.value;

describe('the Device status card’s temperature', () => {
  it.each([
    ['a thermocouple node', { Node_Type: 1, thermo: -80.456, t: null }, '-80.46 °C'],
    ['a Node_Type 1 node without a thermocouple', { Node_Type: 1, t: 4.2 }, '4.20 °C'],
    ['a node with an SHT sensor only', { Node_Type: null, sht_t: 21.5 }, '21.50 °C'],
  ])('reads %s', (_name, fields, text) => {
    expect(temperatureOf({ ...emptyReading, ...fields })).toEqual({ text });
  });

  it('is N/A without a reading, and in the account’s unit', () => {
    expect(temperatureOf({ ...emptyReading, Node_Type: 1 })).toBeNull();
    expect(temperatureOf({ ...emptyReading, t: 4 }, 'F')).toEqual({ text: '39.20 °F' });
  });
});

describe('the Device status card’s tiles', () => {
  const keys = (...args: Parameters<typeof deviceTiles>) =>
    deviceTiles(...args).map((tile) => tile.key);

  it('shows what the equipment type reports, and anything else the device does report', () => {
    expect(keys({ ...emptyReading, Node_Type: 1, thermo: -80, b: 90, m: 3 }, 'C', '-80C')).toEqual([
      'temperature',
      'battery',
    ]);
    // An ambient sensor that has not yet sent its light still has the tile (N/A).
    expect(keys({ ...emptyReading, t: 21, h: 40 }, 'C', 'Ambient')).toEqual([
      'temperature',
      'humidity',
      'pressure',
      'light',
      'battery',
    ]);
    expect(keys({ ...emptyReading, t: 4, h: 40, d: 0 }, 'C', '+4C')).toEqual([
      'temperature',
      'humidity',
      'battery',
      'door',
    ]);
    expect(keys({ ...emptyReading, thermo: -192, ln2lvl: 60 }, 'C', 'Cryofreezer')).toEqual([
      'temperature',
      'battery',
      'ln2Level',
    ]);
  });

  it('shows a spill node its battery and water only', () => {
    expect(keys({ ...emptyReading, Node_Type: 2, w: 0, BV: 80 }, 'C', 'N/A')).toEqual([
      'battery',
      'water',
    ]);
  });
});
