import type { TFunction } from 'i18next';

/** A device's offline alert frequency; 0 follows the account's offline alarm settings. */
export const frequencyLabel = (minutes: number, t: TFunction): string =>
  minutes === 0 ? t('devices.frequency.global') : t('devices.frequency.every', { minutes });
