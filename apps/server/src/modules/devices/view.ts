import {
  equipmentTypes,
  reading,
  readingFields,
  type Device,
  type Reading,
} from '@vigil/contracts';
import type { DeviceRow, DeviceUserRow, OpenAlarmRow } from './repo.js';

const flag = (value: boolean): 0 | 1 => (value ? 1 : 0);

const finiteOrNull = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/**
 * The stored latest reading (devices.latest_data, written by ingestion with the `reading`
 * contract's keys) as the contract's reading; null when there is none or it is unreadable.
 */
export function toReading(stored: unknown): Reading | null {
  if (typeof stored !== 'object' || stored === null) return null;
  const record = stored as Record<string, unknown>;
  const createdAt = typeof record.createdAt === 'string' ? Date.parse(record.createdAt) : NaN;
  if (Number.isNaN(createdAt)) return null;
  const values = Object.fromEntries(
    readingFields.map((field) => [field, finiteOrNull(record[field])]),
  );
  const parsed = reading.safeParse({
    ...values,
    createdAt: new Date(createdAt).toISOString(),
    backfilled: record.backfilled === true,
  });
  return parsed.success ? parsed.data : null;
}

const equipmentType = (value: string): Device['equipmentType'] =>
  equipmentTypes.find((type) => type === value) ?? 'N/A';

export function toDevice(
  row: DeviceRow,
  deviceUsers: DeviceUserRow[],
  openAlarms: OpenAlarmRow[] = [],
): Device {
  return {
    id: row.id,
    deviceId: row.deviceId,
    name: row.name,
    gatewayId: row.gatewayId,
    gateway:
      row.gatewayId !== null && row.gatewayName !== null && row.gatewayHardwareId !== null
        ? { id: row.gatewayId, name: row.gatewayName, gatewayId: row.gatewayHardwareId }
        : null,
    locationId: row.locationId,
    location:
      row.locationId !== null && row.locationName !== null
        ? { id: row.locationId, name: row.locationName }
        : null,
    equipmentType: equipmentType(row.equipmentType),
    equipmentStatus: flag(row.equipmentStatus),
    offlineAlarmEnable: flag(row.offlineAlarmEnable),
    offlineAlarmFrequency: row.offlineAlarmFrequency,
    ttl: row.ttl,
    spillSensor: flag(row.spillSensor),
    invertWaterSignal: flag(row.invertWaterSignal),
    timezone: row.timezone,
    status: row.status,
    nodeType: row.nodeType,
    lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
    latestData: { nodeData: toReading(row.latestData) },
    lastAlarms: Object.fromEntries(
      openAlarms
        .filter((alarm) => alarm.deviceId === row.id)
        .map((alarm) => [alarm.type, 'error' as const]),
    ),
    removedFromLocation: row.removedFromLocationAt !== null,
    deviceUsers: deviceUsers
      .filter((user) => user.deviceId === row.id)
      .map((user) => ({ id: user.id, name: user.name, email: user.email })),
    account: { id: row.accountId, companyName: row.companyName, email: row.accountEmail },
    fvLastVersion: row.fvLastVersion,
    fvNewVersion: row.fvNewVersion,
    createdAt: row.createdAt.toISOString(),
  };
}

const yesNo = (value: boolean, yes: string, no: string) => (value ? yes : no);

/** The devices page's columns (spec platform 2), for deviceList.csv. */
export const deviceCsvColumns = [
  { header: 'Device ID', value: (row: DeviceRow) => row.deviceId.toUpperCase() },
  { header: 'Name', value: (row: DeviceRow) => row.name },
  { header: 'Gateway', value: (row: DeviceRow) => row.gatewayName },
  { header: 'Equipment type', value: (row: DeviceRow) => row.equipmentType },
  {
    header: 'Equipment status',
    value: (row: DeviceRow) => yesNo(row.equipmentStatus, 'Active', 'Inactive'),
  },
  {
    header: 'Offline alerts',
    value: (row: DeviceRow) => yesNo(row.offlineAlarmEnable, 'Enabled', 'Disabled'),
  },
  {
    header: 'Offline alert frequency (minutes, 0 = account setting)',
    value: (row: DeviceRow) => row.offlineAlarmFrequency,
  },
  { header: 'Created at', value: (row: DeviceRow) => row.createdAt.toISOString() },
  { header: 'Location', value: (row: DeviceRow) => row.locationName },
] as const;
