import { describe, expect, it } from 'vitest';
import { deviceAt, locationAt } from './hit-test';

const dots = [
  { id: 'a', imageX: 100, imageY: 100 },
  { id: 'b', imageX: 112, imageY: 100 },
];

describe('hit-testing', () => {
  it('finds a dot within twice its size (radius 5: 10 pixels)', () => {
    expect(deviceAt(dots, { x: 100, y: 90 }, 5, 1)?.id).toBe('a');
    expect(deviceAt(dots, { x: 100, y: 89.9 }, 5, 1)).toBeUndefined();
    expect(deviceAt(dots, { x: 300, y: 300 }, 5, 1)).toBeUndefined();
  });

  it('keeps the tolerance on screen: zoomed in twice, 5 plan pixels', () => {
    expect(deviceAt(dots, { x: 95, y: 100 }, 5, 2)?.id).toBe('a');
    expect(deviceAt(dots, { x: 100, y: 94 }, 5, 2)).toBeUndefined();
    // Zoomed out, the reach in plan pixels grows.
    expect(deviceAt(dots, { x: 100, y: 81 }, 5, 0.5)?.id).toBe('a');
    expect(deviceAt(dots, { x: 100, y: 79 }, 5, 0.5)).toBeUndefined();
  });

  it('scales with the radius', () => {
    expect(deviceAt(dots, { x: 100, y: 94 }, 2, 1)).toBeUndefined();
    expect(deviceAt(dots, { x: 100, y: 96 }, 2, 1)?.id).toBe('a');
  });

  it('picks the nearest of several dots in reach', () => {
    expect(deviceAt(dots, { x: 107, y: 100 }, 5, 1)?.id).toBe('b');
    expect(deviceAt(dots, { x: 105, y: 100 }, 5, 1)?.id).toBe('a');
  });

  it('finds the location outline under a point, the one drawn last first', () => {
    const locations = [
      { id: 'room', imageX: 0, imageY: 0, imageWidth: 200, imageHeight: 100 },
      { id: 'bench', imageX: 50, imageY: 20, imageWidth: 40, imageHeight: 40 },
    ];
    expect(locationAt(locations, { x: 60, y: 30 })?.id).toBe('bench');
    expect(locationAt(locations, { x: 10, y: 90 })?.id).toBe('room');
    expect(locationAt(locations, { x: 200, y: 100 })?.id).toBe('room');
    expect(locationAt(locations, { x: 201, y: 50 })).toBeUndefined();
  });
});
