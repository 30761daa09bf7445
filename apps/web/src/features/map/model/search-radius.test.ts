import { describe, expect, it } from 'vitest';
import { clampRadius, loadedRadius } from './radius';
import { searchDevices } from './search';

const devices = [{ name: 'Fridge A1' }, { name: 'Fridge A2 (reagents)' }, { name: 'LN2 Dewar' }];

describe('device search', () => {
  it('does not filter below 2 characters', () => {
    expect(searchDevices(devices, '')).toBeUndefined();
    expect(searchDevices(devices, 'f')).toBeUndefined();
    expect(searchDevices(devices, '  f ')).toBeUndefined();
  });

  it('matches names from 2 characters, case-insensitively', () => {
    expect(searchDevices(devices, 'fr')?.map((d) => d.name)).toEqual([
      'Fridge A1',
      'Fridge A2 (reagents)',
    ]);
    expect(searchDevices(devices, 'REAG')?.map((d) => d.name)).toEqual(['Fridge A2 (reagents)']);
    expect(searchDevices(devices, 'ln2 d')?.map((d) => d.name)).toEqual(['LN2 Dewar']);
    expect(searchDevices(devices, 'zz')).toEqual([]);
  });
});

describe('radius', () => {
  it('caps a stored radius above 5 at 5 on load', () => {
    expect(loadedRadius(9)).toBe(5);
    expect(loadedRadius(5)).toBe(5);
    expect(loadedRadius(3)).toBe(3);
    expect(loadedRadius(undefined)).toBe(5);
  });

  it('moves in whole steps between 1 and 5', () => {
    expect(clampRadius(0)).toBe(1);
    expect(clampRadius(2.4)).toBe(2);
    expect(clampRadius(7)).toBe(5);
  });
});
