import type { alarms, readings } from '../../../db/schema/index.js';

type Reading = typeof readings.$inferSelect;
type Alarm = typeof alarms.$inferSelect;

/**
 * The report metrics, the reading field each comes from, the rollup metrics its chart is drawn
 * from (the first one the device has), and the alarm thresholds it uses.
 */
export const reportMetrics = [
  {
    key: 'temperature',
    flag: 'temp',
    rollup: ['t', 'thermo'],
    unit: 'temperature',
    value: (r: Reading) => (r.nodeType === 1 ? (r.thermo ?? r.t) : r.t),
    thresholds: (a: Alarm): [number | null, number | null] | null =>
      a.tempEnabled ? [a.minTemp, a.maxTemp] : null,
  },
  {
    key: 'humidity',
    flag: 'humidity',
    rollup: ['h', 'sht_rh'],
    unit: '%RH',
    value: (r: Reading) => r.h ?? r.shtRh,
    thresholds: (a: Alarm): [number | null, number | null] | null =>
      a.humidityEnabled ? [a.minHumidity, a.maxHumidity] : null,
  },
  {
    key: 'co2',
    flag: 'carbon',
    rollup: ['c', 'co2_s'],
    unit: '%',
    value: (r: Reading) => r.c,
    thresholds: (a: Alarm): [number | null, number | null] | null =>
      a.carbonEnabled ? [a.minCarbon, a.maxCarbon] : null,
  },
  {
    key: 'pressure',
    flag: 'pressure',
    rollup: ['pressure'],
    unit: 'Pa',
    value: (r: Reading) => r.pressure,
    thresholds: (a: Alarm): [number | null, number | null] | null =>
      a.pressureEnabled ? [a.minPressure, a.maxPressure] : null,
  },
  {
    key: 'thermocouple',
    flag: 'thermoCouple',
    rollup: ['sht_t'],
    unit: 'temperature',
    value: (r: Reading) => r.shtT,
    thresholds: (a: Alarm): [number | null, number | null] | null =>
      a.shtTEnabled ? [a.minShtT, a.maxShtT] : null,
  },
  {
    key: 'ln2_level',
    flag: 'lnlvl',
    rollup: ['ln2lvl'],
    unit: '%',
    value: (r: Reading) => r.ln2lvl,
    thresholds: (a: Alarm): [number | null, number | null] | null =>
      a.ln2LevelEnabled ? [a.minLn2Level, a.maxLn2Level] : null,
  },
  {
    key: 'ln2_temperature',
    flag: 'lntmp',
    rollup: ['thermo', 't'],
    unit: 'temperature',
    value: (r: Reading) => r.thermo ?? r.t,
    thresholds: (a: Alarm): [number | null, number | null] | null =>
      a.lntmpEnabled ? [a.minLntmp, a.maxLntmp] : null,
  },
] as const;
