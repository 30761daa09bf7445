import { luxRange, type DeviceAlarm, type LightSchedule } from '@vigil/contracts';
import { deliveryDraft, deliveryPayload, type DeliveryDraft, type Range } from './form-values';

/** The light profile form (spec monitoring 2): a lux range and two windows per weekday. */
export interface LightDraft extends DeliveryDraft {
  name: string;
  lux: Range;
  schedule: LightSchedule;
  devices: string[];
}

/** Every quarter hour of a day, 00:00 to 23:45 (spec: 15-minute steps). */
export const quarterHours: string[] = Array.from({ length: 96 }, (_, index) => {
  const hours = String(Math.floor(index / 4)).padStart(2, '0');
  const minutes = String((index % 4) * 15).padStart(2, '0');
  return `${hours}:${minutes}`;
});

export const defaultSchedule = (): LightSchedule => ({
  days: Array.from({ length: 7 }, (_, day) => ({
    day,
    enabled: day < 5,
    windows: [
      { from: '08:00', to: '12:00' },
      { from: '13:00', to: '17:00' },
    ],
  })),
});

export function lightDraft(alarm: DeviceAlarm | undefined): LightDraft {
  return {
    name: alarm?.name ?? '',
    lux: [alarm?.minLux ?? 300, alarm?.maxLux ?? 1000],
    schedule: alarm?.lightSchedule ?? defaultSchedule(),
    devices: alarm ? [alarm.deviceId] : [],
    ...deliveryDraft(alarm),
  };
}

export function lightPayload(draft: LightDraft) {
  return {
    name: draft.name,
    minLux: Math.max(luxRange.min, draft.lux[0]),
    maxLux: Math.min(luxRange.max, draft.lux[1]),
    lightSchedule: draft.schedule,
    ...deliveryPayload(draft),
    textEnable: draft.textEnable,
    devices: draft.devices,
  };
}
