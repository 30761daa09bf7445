import { describe, expect, it } from 'vitest';
import { cellText, columnTitle } from '../../src/jobs/exports/document.js';

describe('device-data export cells', () => {
  it('titles each column with what it measures and its unit, in the account unit', () => {
    expect(columnTitle('t', 'C')).toBe('Temperature (°C)');
    expect(columnTitle('t', 'F')).toBe('Temperature (°F)');
    expect(columnTitle('h', 'C')).toBe('Humidity (%)');
    expect(columnTitle('pressure', 'C')).toBe('Pressure (hPa)');
    expect(columnTitle('d', 'C')).toBe('Door');
  });

  it('writes the door as Open or Closed, water as Present or Low, numbers in the unit', () => {
    expect(cellText('d', 1, 'C')).toBe('Open');
    expect(cellText('d', 0, 'C')).toBe('Closed');
    expect(cellText('d', 2, 'C')).toBe('');
    expect(cellText('w', 0, 'C')).toBe('Low');
    expect(cellText('t', 4, 'F')).toBe('39.2');
    expect(cellText('t', null, 'F')).toBe('');
  });
});
