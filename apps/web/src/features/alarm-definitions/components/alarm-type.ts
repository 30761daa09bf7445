import type { DeviceAlarm } from '@vigil/contracts';
import type { TFunction } from 'i18next';

/** The alarm's watched metrics, translated ('temperature, humidity' from the API). */
export const alarmTypeText = (alarm: Pick<DeviceAlarm, 'type'>, t: TFunction) =>
  alarm.type
    .split(', ')
    .filter((type) => type !== '')
    .map((type) => t(`alarmDefinitions.types.${type}`, { defaultValue: type }))
    .join(', ');
