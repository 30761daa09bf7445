import type { AlarmDefinition } from '../../src/modules/alarms/engine/checks.js';
import { readingColumns, type SensorValues } from '../../src/ingest/columns.js';

export const minute = 60_000;

export function alarm(overrides: Partial<AlarmDefinition> = {}): AlarmDefinition {
  return {
    id: 'a1',
    accountId: 'acc',
    deviceId: 'dev',
    kind: 'threshold',
    name: 'Fridge',
    tempEnabled: false,
    minTemp: null,
    maxTemp: null,
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
    batteryEnabled: false,
    minBattery: null,
    doorEnabled: false,
    doorOpenMinutes: null,
    delay: 0,
    frequency: 15,
    oneTime: false,
    timezone: 'Etc/UTC',
    minLux: null,
    maxLux: null,
    lightSchedule: null,
    invertWaterSignal: false,
    ...overrides,
  };
}

/** Sensor values from payload fields; -255 is stored as null by the decoder, as here. */
export function values(fields: Record<string, number>): SensorValues {
  return readingColumns.map((column) => {
    const value = fields[column.field];
    return value === undefined || value === -255 ? null : value;
  });
}

/** 2-8 °C on temperature. */
export const fridge = alarm({ tempEnabled: true, minTemp: 2, maxTemp: 8 });
