import type { AlertProfile, DeviceAlarm } from '@vigil/contracts';
import { ids } from '../../../test/fixtures';

const thresholds = {
  tempEnabled: true,
  minTemp: 2,
  maxTemp: 8,
  shtTEnabled: false,
  minShtT: null,
  maxShtT: null,
  humidityEnabled: false,
  minHumidity: null,
  maxHumidity: null,
  carbonEnabled: false,
  minCarbon: null,
  maxCarbon: null,
  pressureEnabled: false,
  minPressure: null,
  maxPressure: null,
  lntmpEnabled: false,
  minLntmp: null,
  maxLntmp: null,
  ln2LevelEnabled: false,
  minLn2Level: null,
  maxLn2Level: null,
  waterEnabled: false,
};

const delivery = {
  alarmUsers: [],
  delay: 0,
  frequency: 15,
  oneTime: false,
  timezone: 'Etc/UTC',
  adminEnable: true,
  enable: true,
  emailEnable: true,
  textEnable: false,
  callEnable: false,
};

export function alarmOf(extra: Partial<DeviceAlarm> = {}): DeviceAlarm {
  return {
    id: '00000000-0000-4000-8000-0000000000e1',
    name: 'Fridge range',
    alarmName: 'Fridge range',
    kind: 'threshold',
    deviceId: ids.device,
    deviceInfo: { id: ids.device, deviceId: 'aa:bb:cc:dd:ee:01', name: 'Vaccine fridge' },
    alarmInfo: { name: extra.name ?? 'Fridge range' },
    accountName: null,
    profileId: null,
    createdBy: ids.owner,
    createdByRole: 'super_user',
    type: 'temperature',
    ...thresholds,
    minLux: null,
    maxLux: null,
    lightSchedule: null,
    ...delivery,
    canEdit: true,
    createdAt: '2026-11-20T09:30:00.000Z',
    updatedAt: '2026-11-20T09:30:00.000Z',
    ...extra,
  };
}

export function profileOf(extra: Partial<AlertProfile> = {}): AlertProfile {
  return {
    profileId: '00000000-0000-4000-8000-0000000000f9',
    profileName: 'Vaccines',
    name: 'Vaccines',
    ...thresholds,
    humidityEnabled: true,
    minHumidity: 30,
    maxHumidity: 70,
    ...delivery,
    phoneEnable: false,
    users: [],
    devices: [{ id: ids.device, deviceId: 'aa:bb:cc:dd:ee:01', name: 'Vaccine fridge' }],
    createdAt: '2026-11-20T09:30:00.000Z',
    ...extra,
  };
}
