import { describe, expect, it } from 'vitest';
import { cellText, columnTitle } from '../../src/modules/readings/exports/document.js';

describe('device-data export cells', () => {
  it('titles each column with what it measures and its unit, in the account unit', () => {
    expect(columnTitle('t', 'C', 'en')).toBe('Temperature (°C)');
    expect(columnTitle('t', 'F', 'en')).toBe('Temperature (°F)');
    expect(columnTitle('h', 'C', 'en')).toBe('Humidity (%)');
    expect(columnTitle('pressure', 'C', 'en')).toBe('Pressure (hPa)');
    expect(columnTitle('d', 'C', 'en')).toBe('Door');
  });

  it('titles the columns in the language of the person who asked', () => {
    expect(columnTitle('t', 'C', 'pl')).toBe('Temperatura (°C)');
    expect(columnTitle('t', 'F', 'de')).toBe('Temperatur (°F)');
    expect(columnTitle('h', 'C', 'pl')).toBe('Wilgotność (%)');
    expect(columnTitle('h', 'C', 'de')).toBe('Luftfeuchtigkeit (%)');
    expect(columnTitle('d', 'C', 'de')).toBe('Tür');
  });

  it('writes the door as Open or Closed, water as Present or Low, numbers in the unit', () => {
    expect(cellText('d', 1, 'C', 'en', 'csv')).toBe('Open');
    expect(cellText('d', 0, 'C', 'en', 'csv')).toBe('Closed');
    expect(cellText('d', 2, 'C', 'en', 'csv')).toBe('');
    expect(cellText('w', 0, 'C', 'en', 'csv')).toBe('Low');
    expect(cellText('t', 4, 'F', 'en', 'csv')).toBe('39.2');
    expect(cellText('t', null, 'F', 'en', 'csv')).toBe('');
  });

  it('writes states in the language; numbers with a point in a CSV, the language’s mark in a PDF', () => {
    expect(cellText('d', 1, 'C', 'pl', 'csv')).toBe('Otwarte');
    expect(cellText('d', 0, 'C', 'de', 'pdf')).toBe('Geschlossen');
    expect(cellText('water_s', 1, 'C', 'de', 'csv')).toBe('Erkannt');
    expect(cellText('t', 4, 'F', 'pl', 'csv')).toBe('39.2');
    expect(cellText('t', 4, 'F', 'pl', 'pdf')).toBe('39,2');
    expect(cellText('t', -80.25, 'C', 'de', 'pdf')).toBe('-80,25');
    expect(cellText('t', 4, 'F', 'en', 'pdf')).toBe('39.2');
  });
});
