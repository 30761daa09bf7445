import { describe, expect, it } from 'vitest';
import { dotColours, dotStateOf, dotStyleOf } from './dot-state';

describe('dot state and colour', () => {
  it.each([
    [{ offline: false, alarm: false, removed: false }, 'online'],
    [{ offline: true, alarm: false, removed: false }, 'offline'],
    [{ offline: false, alarm: true, removed: false }, 'alarm'],
    [{ offline: true, alarm: true, removed: false }, 'alarm'],
    [{ offline: false, alarm: false, removed: true }, 'removed'],
    [{ offline: true, alarm: true, removed: true }, 'removed'],
  ] as const)('%o is %s', (flags, state) => {
    expect(dotStateOf(flags)).toBe(state);
  });

  it('colours online green, offline red segments, alarm red, removed teal', () => {
    expect(dotStyleOf('online').fill).toBe(dotColours.online);
    expect(dotColours.online).toBe('#2f9e44');
    expect(dotStyleOf('offline')).toMatchObject({ stroke: '#e03131', dash: [3, 2] });
    expect(dotStyleOf('alarm')).toMatchObject({ fill: '#e03131' });
    expect(dotStyleOf('alarm').dash).toBeUndefined();
    expect(dotStyleOf('removed').fill).toBe('#0ca678');
  });
});
