import type { Device, Reading, TemperatureUnit } from '@vigil/contracts';
import { formatTemperature } from '../../../lib/temperature';

export type TileKey =
  | 'temperature'
  | 'humidity'
  | 'co2'
  | 'pressure'
  | 'light'
  | 'battery'
  | 'water'
  | 'door'
  | 'ln2Level';

/** A value, or a text key (`waterLow`...) the card translates; null is shown as N/A. */
export type TileValue =
  { text: string } | { key: 'waterLow' | 'waterHigh' | 'doorOpen' | 'doorClosed' } | null;

export interface Tile {
  key: TileKey;
  value: TileValue;
}

/** The wire's "no reading" (spec monitoring 3), in case a source passes it through. */
const missing = -255;

const present = (...values: (number | null | undefined)[]): number | null => {
  for (const value of values) {
    if (value !== null && value !== undefined && value !== missing && Number.isFinite(value)) {
      return value;
    }
  }
  return null;
};

/** Up to 2 decimals, no trailing zeros: 41.26, 41.3, 41. */
const trimmed = (value: number) => String(Number(value.toFixed(2)));
const withUnit = (value: number | null, unit: string): TileValue =>
  value === null ? null : { text: `${trimmed(value)} ${unit}` };

function water(value: number | null): TileValue {
  if (value === 0) return { key: 'waterLow' };
  if (value === 1) return { key: 'waterHigh' };
  return null;
}

function door(value: number | null): TileValue {
  if (value === 1) return { key: 'doorOpen' };
  if (value === 0) return { key: 'doorClosed' };
  return null;
}

/**
 * The Device status card's tiles (spec monitoring 3 and 5): temperature 2 decimals in the
 * account's unit (a Node_Type 1 reports its thermocouple), humidity and CO2 in %, pressure hPa,
 * light lux, battery %, water (0 = Low), door. A spill node (Node_Type 2) shows battery and
 * water only; an LN2 level tile appears when the device reports one.
 */
export function readingTiles(reading: Reading | null, unit: TemperatureUnit): Tile[] {
  const r = reading;
  const battery = withUnit(present(r?.BV, r?.b), '%');
  const waterTile: Tile = { key: 'water', value: water(present(r?.water_s, r?.w)) };
  if (r?.Node_Type === 2) return [{ key: 'battery', value: battery }, waterTile];
  // A Node_Type 1 node reports its thermocouple when it has one, else its own sensor.
  const celsius = r?.Node_Type === 1 ? present(r.thermo, r.t, r.sht_t) : present(r?.t, r?.sht_t);
  const tiles: Tile[] = [
    {
      key: 'temperature',
      value: celsius === null ? null : { text: formatTemperature(celsius, unit, { digits: 2 }) },
    },
    { key: 'humidity', value: withUnit(present(r?.h, r?.sht_rh), '%') },
    { key: 'co2', value: withUnit(present(r?.c, r?.CO2_s), '%') },
    { key: 'pressure', value: withUnit(present(r?.pressure), 'hPa') },
    { key: 'light', value: withUnit(present(r?.light_s), 'lux') },
    { key: 'battery', value: battery },
    waterTile,
    { key: 'door', value: door(present(r?.d)) },
  ];
  const ln2 = present(r?.ln2lvl);
  if (ln2 !== null) tiles.push({ key: 'ln2Level', value: withUnit(ln2, '%') });
  return tiles;
}

/** What each equipment type is expected to report (a tile shows N/A when it does not). */
const expectedTiles: Record<Device['equipmentType'], TileKey[]> = {
  'N/A': [],
  '+4C': ['temperature', 'battery'],
  '-20C': ['temperature', 'battery'],
  '-30C': ['temperature', 'battery'],
  '-80C': ['temperature', 'battery'],
  Ambient: ['temperature', 'humidity', 'pressure', 'light', 'battery'],
  Incubator: ['temperature', 'co2', 'humidity', 'battery'],
  Cryofreezer: ['temperature', 'ln2Level', 'battery'],
};

/**
 * Only the metrics the device's equipment type reports (and any other it does report): a -80
 * freezer shows its temperature and battery, not empty humidity, CO2, pressure and light tiles.
 */
export function deviceTiles(
  reading: Reading | null,
  unit: TemperatureUnit,
  equipmentType: Device['equipmentType'],
): Tile[] {
  const expected = new Set(reading?.Node_Type === 2 ? [] : expectedTiles[equipmentType]);
  const tiles = readingTiles(reading, unit);
  if (reading?.Node_Type === 2) return tiles;
  return tiles.filter((tile) => tile.value !== null || expected.has(tile.key));
}

/** The tile an alarm type is read on (temperature alarms of every probe on the temperature). */
export const tileOfAlarm: Record<string, TileKey> = {
  temperature: 'temperature',
  thermocouple: 'temperature',
  ln2_temperature: 'temperature',
  humidity: 'humidity',
  co2: 'co2',
  pressure: 'pressure',
  light: 'light',
  battery: 'battery',
  water: 'water',
  door: 'door',
  ln2_level: 'ln2Level',
};
