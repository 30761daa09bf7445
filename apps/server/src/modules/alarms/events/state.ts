import type { AlarmEventState } from '@vigil/contracts';

/**
 * An excursion's state (contracts `alarmEventStates`): out of range or back in range, signed
 * off or not. DESIGN.md 9: an event awaits acknowledgement even after it recovered.
 */
export function eventState(row: {
  clearedAt: Date | null;
  acknowledgedAt: Date | null;
}): AlarmEventState {
  if (row.clearedAt === null) return row.acknowledgedAt === null ? 'active' : 'acknowledged';
  return row.acknowledgedAt === null ? 'recovered_unacknowledged' : 'recovered';
}
