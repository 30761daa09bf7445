import { describe, expect, it } from 'vitest';
import { emptyReading } from '../../../test/fixtures';
import { readingTiles } from './reading-tiles';

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
