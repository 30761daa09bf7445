/**
 * A device dot's state on the map (spec monitoring 2, 4): online green, offline red segments,
 * alarm red, removed from its location teal.
 */
export type DotState = 'online' | 'offline' | 'alarm' | 'removed';

export interface DeviceFlags {
  offline: boolean;
  alarm: boolean;
  removed: boolean;
}

/**
 * A removed device needs relocating before it reports here, so it shows as removed whatever
 * else; an alarm outranks being offline.
 */
export function dotStateOf(flags: DeviceFlags): DotState {
  if (flags.removed) return 'removed';
  if (flags.alarm) return 'alarm';
  if (flags.offline) return 'offline';
  return 'online';
}

export interface DotStyle {
  fill: string;
  stroke: string;
  /** Dash pattern of the outline: offline dots are drawn in red segments. */
  dash?: number[];
}

export const dotColours = {
  online: '#2f9e44',
  offline: '#e03131',
  alarm: '#e03131',
  removed: '#0ca678',
} as const satisfies Record<DotState, string>;

export function dotStyleOf(state: DotState): DotStyle {
  switch (state) {
    case 'online':
      return { fill: dotColours.online, stroke: '#ffffff' };
    case 'offline':
      return { fill: 'rgba(224, 49, 49, 0.25)', stroke: dotColours.offline, dash: [3, 2] };
    case 'alarm':
      return { fill: dotColours.alarm, stroke: '#ffffff' };
    case 'removed':
      return { fill: dotColours.removed, stroke: '#ffffff' };
  }
}
