import { describe, expect, it } from 'vitest';
import { emptyReading } from '../../../test/fixtures';
import { readingTexts, readingsOf } from './readings';

describe('tooltip readings', () => {
  it('shows -255 or nothing as NA (null)', () => {
    expect(readingTexts({ temperature: -255, humidity: null, carbon: -255 }, 'C')).toEqual({
      temperature: null,
      humidity: null,
      carbon: null,
    });
    expect(readingTexts(undefined, 'C').temperature).toBeNull();
  });

  it('shows temperature with 2 decimals in the account unit and percentages', () => {
    expect(readingTexts({ temperature: 4.815, humidity: 41.26, carbon: 5.1 }, 'C')).toEqual({
      temperature: '4.82 °C',
      humidity: '41.3 %',
      carbon: '5.10 %',
    });
    expect(readingTexts({ temperature: 4, humidity: null, carbon: null }, 'F').temperature).toBe(
      '39.20 °F',
    );
  });

  it('reads the thermocouple of a Node_Type 1 device that has one, else t', () => {
    expect(readingsOf({ ...emptyReading, Node_Type: 1, thermo: -80.1, t: null })).toMatchObject({
      temperature: -80.1,
    });
    expect(readingsOf({ ...emptyReading, Node_Type: 1, thermo: null, t: 4.2, h: 40 })).toEqual({
      temperature: 4.2,
      humidity: 40,
      carbon: null,
    });
    expect(readingsOf(null)).toBeUndefined();
  });
});
