import { noPayload, type ClockEntry } from '../../../jobs/clock.js';
import { defineJobHandlers, type JobHandlers } from '../../../jobs/worker.js';
import { sweepAlarms, sweepOfflineAlarms, type SweepDeps } from './sweep.js';

/** Repeats and escalations once a minute; the next minute's sweep repeats a failed one. */
export const alarmsClock: ClockEntry[] = [
  { job: 'alarms.sweep', every: 'minute', payload: noPayload, maxAttempts: 1 },
];

export function alarmSweepJobHandlers(deps: SweepDeps): JobHandlers {
  return defineJobHandlers({
    'alarms.sweep': async () => {
      const counts = await sweepAlarms(deps);
      if (counts.raised + counts.repeated + counts.escalated > 0) {
        deps.log.info(counts, 'alarm follow-ups sent');
      }
    },
  });
}

/** Offline alarms raised, repeated or cleared, run right after the offline sweep of devices. */
export async function sweepOfflineAlarmsLogged(deps: SweepDeps): Promise<void> {
  const alarms = await sweepOfflineAlarms(deps);
  if (alarms.raised + alarms.cleared > 0) deps.log.info(alarms, 'offline alarms swept');
}
