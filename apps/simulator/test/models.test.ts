import { describe, expect, it } from 'vitest';
import { inOutage, readingsAt } from '../src/demo.js';
import { demoPlan } from '../src/demo-plan.js';
import { doorOpen, ln2Level, readingAt, spillDetected } from '../src/models.js';

const day = 24 * 3_600_000;
const start = Date.UTC(2026, 10, 1);
const everyTenSeconds = (from: number, to: number) => {
  const times: number[] = [];
  for (let time = from; time < to; time += 10_000) times.push(time);
  return times;
};
const devices = demoPlan.flatMap((gateway) => gateway.devices);
const byName = (name: string) => {
  const device = devices.find((candidate) => candidate.name.startsWith(name));
  if (!device) throw new Error(name);
  return device;
};

describe('the demo laboratory', () => {
  it('has two gateways, three locations and a dozen devices of every equipment type', () => {
    expect(demoPlan).toHaveLength(2);
    expect(new Set(devices.map((device) => device.location)).size).toBe(3);
    expect(devices.length).toBeGreaterThanOrEqual(12);
    expect(new Set(devices.map((device) => device.equipmentType))).toEqual(
      new Set(['N/A', '+4C', '-20C', '-30C', '-80C', 'Ambient', 'Incubator', 'Cryofreezer']),
    );
    expect(new Set(devices.map((device) => device.deviceId)).size).toBe(devices.length);
  });

  it('is deterministic: the same device and time give the same reading', () => {
    for (const device of devices) {
      expect(readingAt(device.deviceId, device.behaviour, start + 12_345_000)).toEqual(
        readingAt(device.deviceId, device.behaviour, start + 12_345_000),
      );
    }
  });

  it('keeps the steady fridge in range and lets the drifting fridge leave it now and then', () => {
    const steady = byName('Fridge A1');
    const drifting = byName('Fridge A2');
    const steadyTemps = everyTenSeconds(start, start + day).map(
      (time) => readingAt(steady.deviceId, steady.behaviour, time).t ?? 0,
    );
    const driftTemps = everyTenSeconds(start, start + day).map(
      (time) => readingAt(drifting.deviceId, drifting.behaviour, time).t ?? 0,
    );
    expect(Math.min(...steadyTemps)).toBeGreaterThan(2.5);
    expect(Math.max(...steadyTemps)).toBeLessThan(6);
    expect(Math.max(...driftTemps)).toBeGreaterThan(8);
    const outOfRange = driftTemps.filter((t) => t > 8).length / driftTemps.length;
    expect(outOfRange).toBeGreaterThan(0);
    expect(outOfRange).toBeLessThan(0.1);
  });

  it('uses the thermocouple on ultra-low freezers and the dewar, with -255 for the missing probe', () => {
    const ult = readingAt(
      byName('ULT Freezer -80 #1').deviceId,
      byName('ULT Freezer -80 #1').behaviour,
      start,
    );
    expect(ult.t).toBe(-255);
    expect(ult.thermo).toBeLessThan(-75);
    const dewar = readingAt(byName('LN2 Dewar').deviceId, byName('LN2 Dewar').behaviour, start);
    expect(dewar.thermo).toBeLessThan(-185);
    expect(dewar.ln2lvl).toBeGreaterThan(29);
  });

  it('lets LN2 boil off and refills it', () => {
    const dewar = byName('LN2 Dewar');
    const levels = everyTenSeconds(start, start + 5 * day).map((time) =>
      ln2Level(dewar.deviceId, time),
    );
    expect(Math.min(...levels)).toBeGreaterThanOrEqual(30);
    expect(Math.max(...levels)).toBeLessThanOrEqual(95);
    const refills = levels.filter((level, i) => i > 0 && level > (levels[i - 1] ?? 0) + 10).length;
    expect(refills).toBeGreaterThanOrEqual(1);
  });

  it('opens the door only in working hours, and sees a spill now and then', () => {
    const door = byName('Cold room door');
    const times = everyTenSeconds(start, start + day);
    const open = times.filter((time) => doorOpen(door.deviceId, time));
    expect(open.length).toBeGreaterThan(0);
    for (const time of open) expect(new Date(time).getUTCHours()).toBeGreaterThanOrEqual(7);
    const spill = byName('Floor spill sensor');
    expect(times.some((time) => spillDetected(spill.deviceId, time))).toBe(true);
    expect(readingAt(spill.deviceId, spill.behaviour, start)).toMatchObject({ Node_Type: 2 });
  });

  it('takes the flaky gateway offline for 5 minutes every 2 hours', () => {
    const flaky = demoPlan.find((gateway) => gateway.flaky);
    const steady = demoPlan.find((gateway) => !gateway.flaky);
    const times = everyTenSeconds(start, start + day);
    expect(times.filter((time) => flaky && inOutage(flaky, time)).length).toBe(12 * 30);
    expect(times.some((time) => steady && inOutage(steady, time))).toBe(false);
    expect(readingsAt(demoPlan[0]!, start).map((reading) => reading.ts)).toEqual(
      demoPlan[0]!.devices.map(() => new Date(start).toISOString()),
    );
  });
});
