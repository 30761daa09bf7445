import type { LightSchedule } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import {
  checksOf,
  inLightWindow,
  type AlarmDefinition,
} from '../../src/modules/alarms/engine/checks.js';
import { alarm, fridge, values } from '../helpers/alarm-definitions.js';

describe('checksOf: which field feeds which metric, and what is out of range', () => {
  it.each<[string, AlarmDefinition, Record<string, number>, [string, number | null, boolean][]]>([
    ['exactly at max is in range', fridge, { t: 8 }, [['temperature', 8, false]]],
    ['exactly at min is in range', fridge, { t: 2 }, [['temperature', 2, false]]],
    ['above max is out', fridge, { t: 8.1 }, [['temperature', 8.1, true]]],
    ['below min is out', fridge, { t: 1.9 }, [['temperature', 1.9, true]]],
    ['-255 is no reading, never an excursion', fridge, { t: -255 }, [['temperature', null, false]]],
    ['absent field is no reading', fridge, { h: 40 }, [['temperature', null, false]]],
    [
      'Node_Type 1 uses thermo',
      fridge,
      { Node_Type: 1, thermo: 12, t: -255 },
      [['temperature', 12, true]],
    ],
    [
      'Node_Type 1 without thermo uses t',
      fridge,
      { Node_Type: 1, t: 5 },
      [['temperature', 5, false]],
    ],
    [
      'Node_Type 2 ignores thermo',
      fridge,
      { Node_Type: 2, thermo: 12, t: 5 },
      [['temperature', 5, false]],
    ],
    [
      'only an upper bound',
      alarm({ tempEnabled: true, maxTemp: -70 }),
      { t: -100 },
      [['temperature', -100, false]],
    ],
    ['disabled metric is not checked', alarm({ minTemp: 2, maxTemp: 8 }), { t: 50 }, []],
    ['enabled without bounds is not checked', alarm({ tempEnabled: true }), { t: 50 }, []],
    [
      'humidity from sht_rh when h is absent',
      alarm({ humidityEnabled: true, minHumidity: 30, maxHumidity: 60 }),
      { sht_rh: 65 },
      [['humidity', 65, true]],
    ],
    [
      'CO2 is c; CO2_s only says the sensor exists',
      alarm({ carbonEnabled: true, minCarbon: 4.5, maxCarbon: 5.5 }),
      { c: 5, CO2_s: 1 },
      [['co2', 5, false]],
    ],
    [
      'thermocouple is sht_t',
      alarm({ shtTEnabled: true, minShtT: -90, maxShtT: -60 }),
      { sht_t: -55, t: -80 },
      [['thermocouple', -55, true]],
    ],
    [
      'pressure',
      alarm({ pressureEnabled: true, minPressure: 1000, maxPressure: 1020 }),
      { pressure: 990 },
      [['pressure', 990, true]],
    ],
    [
      'LN2 level and LN2 temperature (the thermo probe)',
      alarm({
        ln2LevelEnabled: true,
        minLn2Level: 30,
        maxLn2Level: 100,
        lntmpEnabled: true,
        minLntmp: -200,
        maxLntmp: -150,
      }),
      { Node_Type: 1, thermo: -192, t: -255, ln2lvl: 25 },
      [
        ['ln2_temperature', -192, false],
        ['ln2_level', 25, true],
      ],
    ],
    ['water w=1 is a spill', alarm({ waterEnabled: true }), { w: 1 }, [['water', 1, true]]],
    ['water w=0 is dry', alarm({ waterEnabled: true }), { w: 0 }, [['water', 0, false]]],
    [
      'water w=2 is unknown: no reading',
      alarm({ waterEnabled: true }),
      { w: 2 },
      [['water', null, false]],
    ],
    [
      'water_s when w is absent',
      alarm({ waterEnabled: true }),
      { water_s: 1 },
      [['water', 1, true]],
    ],
    [
      'inverted water signal: 0 is a spill',
      alarm({ waterEnabled: true, invertWaterSignal: true }),
      { w: 0 },
      [['water', 0, true]],
    ],
    [
      'inverted water signal: 1 is dry',
      alarm({ waterEnabled: true, invertWaterSignal: true }),
      { w: 1 },
      [['water', 1, false]],
    ],
    [
      'battery BV below minBattery',
      alarm({ batteryEnabled: true, minBattery: 20 }),
      { BV: 19 },
      [['battery', 19, true]],
    ],
    [
      'battery exactly at minBattery is in range',
      alarm({ batteryEnabled: true, minBattery: 20 }),
      { BV: 20 },
      [['battery', 20, false]],
    ],
    [
      'battery b counts when m=3 (battery valid)',
      alarm({ batteryEnabled: true, minBattery: 20 }),
      { b: 10, m: 3 },
      [['battery', 10, true]],
    ],
    [
      'battery b without m=3 is no reading',
      alarm({ batteryEnabled: true, minBattery: 20 }),
      { b: 10, m: 1 },
      [['battery', null, false]],
    ],
    [
      'door d=1 is open',
      alarm({ doorEnabled: true, doorOpenMinutes: 5 }),
      { d: 1 },
      [['door', 1, true]],
    ],
    [
      'door d=0 is closed',
      alarm({ doorEnabled: true, doorOpenMinutes: 5 }),
      { d: 0 },
      [['door', 0, false]],
    ],
    [
      'door d=2 is not applicable: no reading',
      alarm({ doorEnabled: true, doorOpenMinutes: 5 }),
      { d: 2 },
      [['door', null, false]],
    ],
  ])('%s', (_, definition, fields, expected) => {
    const checks = checksOf(definition, values(fields), 0);
    expect(checks.map((check) => [check.type, check.value, check.outOfRange])).toEqual(expected);
  });

  it('uses the door allowance as the delay and the alarm delay elsewhere', () => {
    const definition = alarm({ ...fridge, delay: 120, doorEnabled: true, doorOpenMinutes: 5 });
    const checks = checksOf(definition, values({ t: 5, d: 1 }), 0);
    expect(checks.map((check) => [check.type, check.delayMs])).toEqual([
      ['temperature', 120_000],
      ['door', 300_000],
    ]);
  });
});

const week = (
  windows: { from: string; to: string }[],
  enabledDays = [0, 1, 2, 3, 4, 5, 6],
): LightSchedule => ({
  days: Array.from({ length: 7 }, (_, day) => ({
    day,
    enabled: enabledDays.includes(day),
    windows,
  })),
});
/** Monday 2026-11-23 at hh:mm UTC. */
const monday = (time: string) => Date.parse(`2026-11-23T${time}:00Z`);

describe('inLightWindow: weekday windows in the alarm timezone', () => {
  it.each<[string, LightSchedule, number, string, boolean]>([
    ['inside a window', week([{ from: '08:00', to: '18:00' }]), monday('12:00'), 'Etc/UTC', true],
    ['from is inclusive', week([{ from: '08:00', to: '18:00' }]), monday('08:00'), 'Etc/UTC', true],
    ['to is exclusive', week([{ from: '08:00', to: '18:00' }]), monday('18:00'), 'Etc/UTC', false],
    [
      'before the window',
      week([{ from: '08:00', to: '18:00' }]),
      monday('07:59'),
      'Etc/UTC',
      false,
    ],
    [
      'second window of the day',
      week([
        { from: '06:00', to: '07:00' },
        { from: '20:00', to: '22:00' },
      ]),
      monday('21:00'),
      'Etc/UTC',
      true,
    ],
    [
      'a disabled day is not watched',
      week([{ from: '08:00', to: '18:00' }], [1, 2]),
      monday('12:00'),
      'Etc/UTC',
      false,
    ],
    // 07:30 UTC is 08:30 in Warsaw (CET, UTC+1) in November.
    [
      'the alarm timezone, not UTC',
      week([{ from: '08:00', to: '18:00' }]),
      monday('07:30'),
      'Europe/Warsaw',
      true,
    ],
    [
      'the alarm timezone, not UTC (outside)',
      week([{ from: '08:00', to: '18:00' }]),
      monday('17:30'),
      'Europe/Warsaw',
      false,
    ],
    // 23:30 UTC Monday is 00:30 Tuesday in Warsaw: Tuesday's schedule applies.
    [
      'the local weekday',
      week([{ from: '00:00', to: '01:00' }], [1]),
      monday('23:30'),
      'Europe/Warsaw',
      true,
    ],
    [
      'across midnight: evening part',
      week([{ from: '22:00', to: '06:00' }], [0]),
      monday('23:00'),
      'Etc/UTC',
      true,
    ],
    [
      'across midnight: next morning belongs to the day it started',
      week([{ from: '22:00', to: '06:00' }], [6]),
      monday('05:00'),
      'Etc/UTC',
      true,
    ],
    [
      'across midnight: next morning of a day not enabled',
      week([{ from: '22:00', to: '06:00' }], [0]),
      monday('05:00'),
      'Etc/UTC',
      false,
    ],
    [
      'unknown timezone falls back to UTC',
      week([{ from: '08:00', to: '18:00' }]),
      monday('12:00'),
      'Not/AZone',
      true,
    ],
  ])('%s', (_, schedule, ts, timezone, expected) => {
    expect(inLightWindow(schedule, ts, timezone)).toBe(expected);
  });

  it('a light alarm checks lux only inside its windows', () => {
    const light = alarm({
      kind: 'light',
      tempEnabled: true,
      maxTemp: 0,
      minLux: 100,
      maxLux: 1000,
      lightSchedule: week([{ from: '08:00', to: '18:00' }]),
    });
    const inside = checksOf(light, values({ light_s: 20, t: 30 }), monday('12:00'));
    const outside = checksOf(light, values({ light_s: 20, t: 30 }), monday('20:00'));
    expect(inside.map((check) => [check.type, check.outOfRange])).toEqual([['light', true]]);
    expect(outside.map((check) => [check.type, check.outOfRange])).toEqual([['light', false]]);
  });
});
