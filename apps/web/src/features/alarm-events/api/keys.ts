import { sharedKeys } from '../../../lib/query-keys';

/** The alarm events' queries, under the shared alarm views (refetched on every alarm change). */
export const alarmEventKeys = {
  summary: [...sharedKeys.alarmViews, 'summary'] as const,
  list: (filter: object) => [...sharedKeys.alarmViews, 'events', filter] as const,
  options: ['alarmEvents', 'options'] as const,
};
