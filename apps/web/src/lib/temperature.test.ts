import { describe, expect, it } from 'vitest';
import { formatTemperature, fromCelsius } from './temperature';

describe('temperatures in the account unit', () => {
  it.each([
    [4, 'C', 4],
    [4, 'F', 39.2],
    [-20, 'F', -4],
    [-80, 'F', -112],
    [0, 'F', 32],
  ] as const)('%d °C in %s is %d', (celsius, unit, expected) => {
    expect(fromCelsius(celsius, unit)).toBeCloseTo(expected, 6);
  });

  it('formats with the unit, rounding and an optional plus sign', () => {
    expect(formatTemperature(4, 'C', { digits: 0, signed: true })).toBe('+4 °C');
    expect(formatTemperature(4, 'F', { digits: 0, signed: true })).toBe('+39 °F');
    expect(formatTemperature(-30, 'F', { digits: 0, signed: true })).toBe('-22 °F');
    expect(formatTemperature(-0.04, 'C')).toBe('0.0 °C');
    expect(formatTemperature(21.26, 'C')).toBe('21.3 °C');
  });
});
