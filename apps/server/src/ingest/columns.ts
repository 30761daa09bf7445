import type { ReadingField } from '@vigil/contracts';

/**
 * How each sensor field of the gateway contract is stored: its `readings` column and type.
 * The payload key is also the key of the `reading` contract (latest_data, live events).
 */
export type ReadingColumn = {
  field: ReadingField;
  column: string;
  type: 'real' | 'smallint';
  /** Rolled up into min/max/sum/count per bucket (history.ts `metricKeys`). */
  rollup: boolean;
};

export const readingColumns: readonly ReadingColumn[] = [
  { field: 'Node_Type', column: 'node_type', type: 'smallint', rollup: false },
  { field: 't', column: 't', type: 'real', rollup: true },
  { field: 'h', column: 'h', type: 'real', rollup: true },
  { field: 'c', column: 'c', type: 'real', rollup: true },
  { field: 'b', column: 'b', type: 'real', rollup: true },
  { field: 'm', column: 'm', type: 'smallint', rollup: false },
  { field: 'd', column: 'd', type: 'smallint', rollup: true },
  { field: 'w', column: 'w', type: 'smallint', rollup: true },
  { field: 'thermo', column: 'thermo', type: 'real', rollup: true },
  { field: 'sht_t', column: 'sht_t', type: 'real', rollup: true },
  { field: 'sht_rh', column: 'sht_rh', type: 'real', rollup: true },
  { field: 'sht_1_t', column: 'sht_1_t', type: 'real', rollup: true },
  { field: 'sht_1_rh', column: 'sht_1_rh', type: 'real', rollup: true },
  { field: 'CO2_s', column: 'co2_s', type: 'real', rollup: true },
  { field: 'BV', column: 'bv', type: 'real', rollup: true },
  { field: 'water_s', column: 'water_s', type: 'real', rollup: true },
  { field: 'ln2lvl', column: 'ln2lvl', type: 'real', rollup: true },
  { field: 'pressure', column: 'pressure', type: 'real', rollup: true },
  { field: 'light_s', column: 'light_s', type: 'real', rollup: true },
];

/** Where each field's value is in `SensorValues` (its place in `readingColumns`). */
export const columnIndex = Object.fromEntries(
  readingColumns.map((column, index) => [column.field, index]),
) as Record<ReadingField, number>;

/** Older firmware names for the pressure sensor, used when `pressure` itself is absent. */
export const pressureAliases = ['bmp_s', 'bmp_1_s', 'hPa'] as const;

/** Sensor values as stored: one entry per `readingColumns` entry, in that order; null = no reading. */
export type SensorValues = (number | null)[];

/** A decoded reading, ready for the batch writer once its device is resolved. */
export type DecodedReading = {
  /** Normalised hardware address (lower-case, colon-separated), or the raw id when it is not one. */
  deviceKey: string;
  /** Milliseconds since the epoch. */
  tsMs: number;
  values: SensorValues;
  /** Fields the contract does not name, kept as sent; null when there are none. */
  extra: Record<string, unknown> | null;
};

/** Limits of the column types: a value outside them would fail the whole batch. */
export const columnLimits = {
  smallint: { min: -32768, max: 32767 },
  real: { abs: 3.4e38 },
} as const;
