import { noReading, type Reading, type TemperatureUnit } from '@vigil/contracts';
import { formatTemperature } from '../../../lib/temperature';

/** What the hover tooltip shows of a device (spec monitoring 7: mapLiveData). */
export interface MapReadings {
  /** Celsius. */
  temperature: number | null;
  humidity: number | null;
  carbon: number | null;
}

/** -255 (or nothing) is no reading: NA on the map (spec monitoring 3). */
export const isMissing = (value: number | null | undefined): value is null | undefined =>
  value === null || value === undefined || value === noReading || !Number.isFinite(value);

/** A stored reading as the map shows it: Node_Type 1 reads the thermocouple when it has one. */
export function readingsOf(reading: Reading | null | undefined): MapReadings | undefined {
  if (!reading) return undefined;
  const thermo = reading.Node_Type === 1 && !isMissing(reading.thermo) ? reading.thermo : null;
  return { temperature: thermo ?? reading.t, humidity: reading.h, carbon: reading.c };
}

export type ReadingTexts = Record<keyof MapReadings, string | null>;

/** The tooltip's values: temperature with 2 decimals in the account's unit, percentages; null is NA. */
export function readingTexts(
  readings: MapReadings | undefined,
  unit: TemperatureUnit,
): ReadingTexts {
  const { temperature, humidity, carbon } = readings ?? {};
  return {
    temperature: isMissing(temperature)
      ? null
      : formatTemperature(temperature, unit, { digits: 2 }),
    humidity: isMissing(humidity) ? null : `${humidity.toFixed(1)} %`,
    carbon: isMissing(carbon) ? null : `${carbon.toFixed(2)} %`,
  };
}
