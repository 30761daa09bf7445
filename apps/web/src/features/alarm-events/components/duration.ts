import { i18n } from '../../../lib/i18n';

/** A duration as people read it, in the interface language: 2 d 3 h, 1 h 5 min, 12 min, 40 s. */
export function formatDuration(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const t = (key: 'days' | 'hours' | 'minutes' | 'seconds', n: number) =>
    i18n.t(`alarmAttention.duration.${key}`, { n });
  if (days > 0) return `${t('days', days)} ${t('hours', hours)}`;
  if (hours > 0) return `${t('hours', hours)} ${t('minutes', minutes)}`;
  if (minutes > 0) return t('minutes', minutes);
  return t('seconds', seconds);
}
