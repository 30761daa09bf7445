import type { Behaviour } from './demo-plan.js';
import { jitter, noise, round } from './random.js';

/** The `data` of one reading in the gateway contract; -255 = no reading. */
export type ReadingData = Record<string, number>;

const minute = 60_000;
const hour = 60 * minute;

/** Minutes since the start of the current cycle of `periodMs`, offset per device. */
function phase(time: number, periodMs: number, offsetKey: string): number {
  const offset = Math.floor(noise(offsetKey) * periodMs);
  return ((time + offset) % periodMs) / minute;
}

/** A drifting fridge: every 3 h it may warm for 25 min up to ~9 °C, then recovers. */
function driftFor(deviceId: string, time: number): number {
  const cycle = Math.floor(time / (3 * hour));
  if (noise(`${deviceId}:drift:${cycle}`) < 0.4) return 0;
  const minutes = (time % (3 * hour)) / minute - 60;
  if (minutes < 0 || minutes > 40) return 0;
  // rises over 25 minutes, recovers over 15
  return minutes <= 25 ? (minutes / 25) * 4.5 : 4.5 * (1 - (minutes - 25) / 15);
}

/** The door is opened during working hours (UTC 07–18) for 30–90 s, about every 20 minutes. */
export function doorOpen(deviceId: string, time: number): boolean {
  const hourOfDay = new Date(time).getUTCHours();
  if (hourOfDay < 7 || hourOfDay >= 18) return false;
  const slot = Math.floor(time / (20 * minute));
  const start = noise(`${deviceId}:door:${slot}`) * 18 * minute;
  const length = 30_000 + noise(`${deviceId}:doorlen:${slot}`) * 60_000;
  const into = time - slot * 20 * minute;
  return into >= start && into < start + length;
}

/** LN2 boils off ~0.6 %/h from 95 % and is refilled when it nears 30 %. */
export function ln2Level(deviceId: string, time: number): number {
  const cycleMs = ((95 - 30) / 0.6) * hour;
  const elapsedHours = phase(time, cycleMs, `${deviceId}:ln2`) / 60;
  return round(95 - elapsedHours * 0.6, 1);
}

/** Every ~6 h the spill sensor sees water for 10 minutes. */
export function spillDetected(deviceId: string, time: number): boolean {
  return phase(time, 6 * hour, `${deviceId}:spill`) < 10;
}

function battery(deviceId: string, time: number): number {
  // slowly discharging, 20 points a year from a per-device start, then a fresh battery
  const start = 70 + noise(`${deviceId}:battery`) * 30;
  return Math.max(5, round(start - (((time / hour) % 8760) / 8760) * 20, 0));
}

/** A fridge: a compressor cycle of ~30 minutes, ±0.6 °C, and its drift if it has one. */
function fridgeValues(
  deviceId: string,
  behaviour: Extract<Behaviour, { kind: 'fridge' }>,
  time: number,
  key: string,
) {
  const drift = behaviour.drifts ? driftFor(deviceId, time) : 0;
  const cycle = Math.sin((phase(time, 30 * minute, `${deviceId}:cycle`) / 30) * 2 * Math.PI) * 0.6;
  return {
    Node_Type: 1,
    t: round(behaviour.setpoint + cycle + drift + jitter(key) * 0.1),
    h: round(42 + jitter(`${key}h`) * 3, 1),
    d: 0,
  };
}

/** A freezer: a cycle of ~45 minutes, ±1.2 °C, on its probe or its thermocouple. */
function freezerValues(
  deviceId: string,
  behaviour: Extract<Behaviour, { kind: 'freezer' }>,
  time: number,
  key: string,
): ReadingData {
  const value = round(
    behaviour.setpoint +
      Math.sin((phase(time, 45 * minute, `${deviceId}:cycle`) / 45) * 2 * Math.PI) * 1.2 +
      jitter(key) * 0.2,
  );
  return behaviour.thermocouple
    ? { Node_Type: 1, thermo: value, t: -255 }
    : { Node_Type: 1, t: value };
}

/** A room: warmer and brighter by day, the air pressure drifting. */
function ambientValues(time: number, key: string) {
  const hourOfDay = new Date(time).getUTCHours() + new Date(time).getUTCMinutes() / 60;
  const daylight = Math.max(0, Math.sin(((hourOfDay - 6) / 12) * Math.PI));
  return {
    Node_Type: 1,
    t: round(21.5 + daylight * 1.5 + jitter(key) * 0.2),
    h: round(45 + jitter(`${key}h`) * 4, 1),
    pressure: round(1013 + Math.sin(time / (12 * hour)) * 6 + jitter(`${key}p`), 1),
    light_s: round(daylight * 450 + 20 + noise(`${key}l`) * 10, 1),
  };
}

/** The reading a device sends at `time` (ms since epoch): a pure function of the device and time. */
export function readingAt(deviceId: string, behaviour: Behaviour, time: number): ReadingData {
  const key = `${deviceId}:${Math.floor(time / 1000)}`;
  const common = { b: battery(deviceId, time), m: 3 };
  switch (behaviour.kind) {
    case 'fridge':
      return { ...common, ...fridgeValues(deviceId, behaviour, time, key) };
    case 'freezer':
      return { ...common, ...freezerValues(deviceId, behaviour, time, key) };
    case 'cryo':
      return {
        ...common,
        Node_Type: 1,
        thermo: round(-192 + jitter(key) * 1.5),
        t: -255,
        ln2lvl: ln2Level(deviceId, time),
      };
    case 'incubator':
      return {
        ...common,
        Node_Type: 1,
        t: round(37 + jitter(key) * 0.15),
        c: round(5 + jitter(`${key}c`) * 0.12),
        h: round(93 + jitter(`${key}h`) * 1.5, 1),
        CO2_s: 1,
      };
    case 'ambient':
      return { ...common, ...ambientValues(time, key) };
    case 'spill':
      return {
        Node_Type: 2,
        b: battery(deviceId, time),
        BV: battery(deviceId, time),
        w: spillDetected(deviceId, time) ? 1 : 0,
        water_s: spillDetected(deviceId, time) ? 1 : 0,
      };
    case 'door':
      return {
        ...common,
        Node_Type: 1,
        d: doorOpen(deviceId, time) ? 1 : 0,
        t: round(4 + jitter(key) * 0.3),
        h: round(50 + jitter(`${key}h`) * 3, 1),
      };
  }
}
