import type { UseFormReturnType } from '@mantine/form';
import {
  defaultTtl,
  deviceBody,
  deviceOfflineFrequencies,
  ttlOptions,
  type Device,
  type DeviceBody,
  type DeviceUpdateBody,
} from '@vigil/contracts';
import { deviceIdDigits, displayDeviceId } from '../components/device-id';
import type { EquipmentType } from '../components/equipment-type';
type OfflineFrequency = (typeof deviceOfflineFrequencies)[number];
type Ttl = (typeof ttlOptions)[number];

export const defaultTimezone = 'Etc/UTC';

/** Field names are the API's, so that a server error lands under its field. */
export type DeviceFormValues = {
  deviceName: string;
  deviceId: string;
  gatewayId: string | null;
  locationId: string | null;
  equipmentType: EquipmentType;
  equipmentStatus: boolean;
  offlineAlarmEnable: boolean;
  offlineAlarmFrequency: string;
  ttl: string;
  spillSensor: boolean;
  invertWaterSignal: boolean;
  timezone: string;
};

export function initialDeviceValues(device: Device | undefined): DeviceFormValues {
  return {
    deviceName: device?.name ?? '',
    deviceId: device ? displayDeviceId(device.deviceId) : '',
    gatewayId: device?.gatewayId ?? null,
    locationId: device?.locationId ?? null,
    equipmentType: device?.equipmentType ?? 'N/A',
    equipmentStatus: device ? device.equipmentStatus === 1 : true,
    offlineAlarmEnable: device ? device.offlineAlarmEnable === 1 : true,
    offlineAlarmFrequency: String(device?.offlineAlarmFrequency ?? 0),
    ttl: String(device?.ttl ?? defaultTtl),
    spillSensor: device?.spillSensor === 1,
    invertWaterSignal: device?.invertWaterSignal === 1,
    timezone: device?.timezone ?? defaultTimezone,
  };
}

/** The server's own rules and texts for the two fields people type (spec platform 5). */
export const deviceFormSchema = deviceBody.pick({ deviceName: true, deviceId: true });

const flag = (on: boolean) => (on ? 1 : 0);
const frequencyOf = (value: string): OfflineFrequency =>
  deviceOfflineFrequencies.find((minutes) => String(minutes) === value) ?? 0;
const ttlOf = (value: string): Ttl =>
  ttlOptions.find((minutes) => String(minutes) === value) ?? defaultTtl;

/** Everything but the ID, with the form's rules applied (spec platform 4). */
function settingsOf(values: DeviceFormValues) {
  return {
    deviceName: values.deviceName.trim(),
    gatewayId: values.gatewayId,
    locationId: values.locationId,
    equipmentType: values.equipmentType,
    equipmentStatus: flag(values.equipmentStatus),
    offlineAlarmEnable: flag(values.equipmentStatus && values.offlineAlarmEnable),
    offlineAlarmFrequency: frequencyOf(values.offlineAlarmFrequency),
    ttl: ttlOf(values.ttl),
    spillSensor: flag(values.spillSensor),
    invertWaterSignal: flag(values.spillSensor && values.invertWaterSignal),
    timezone: values.timezone,
  } satisfies DeviceUpdateBody;
}

export const addDeviceBody = (values: DeviceFormValues): DeviceBody => ({
  ...settingsOf(values),
  deviceId: values.deviceId.trim(),
});

/** An edit sends the ID only when it changed, and then with the unlock token. */
export function updateDeviceBody(
  device: Device,
  values: DeviceFormValues,
  unlockToken: string | undefined,
): DeviceUpdateBody {
  const idChanged = deviceIdDigits(values.deviceId) !== deviceIdDigits(device.deviceId);
  return {
    ...settingsOf(values),
    ...(idChanged ? { deviceId: values.deviceId.trim(), unlockToken } : {}),
  };
}

/** The device form's state and helpers, as its field sections receive it. */
export type DeviceFormHandle = UseFormReturnType<DeviceFormValues>;
