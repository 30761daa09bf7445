import type { TemperatureUnit } from '@vigil/contracts';

/** Temperatures are kept in Celsius; the account's unit converts at the edge (DESIGN 6). */
export const fromCelsius = (celsius: number, unit: TemperatureUnit): number =>
  unit === 'F' ? 1.8 * celsius + 32 : celsius;

interface TemperatureFormat {
  digits?: number;
  /** A plus sign on temperatures above zero, as in the names of fridges (+4 °C). */
  signed?: boolean;
}

/** A Celsius value in `unit`, e.g. '-4 °F' or '+4 °C'. */
export function formatTemperature(
  celsius: number,
  unit: TemperatureUnit,
  { digits = 1, signed = false }: TemperatureFormat = {},
): string {
  const value = Number(fromCelsius(celsius, unit).toFixed(digits));
  const sign = signed && value > 0 ? '+' : '';
  return `${sign}${value.toFixed(digits)} °${unit}`;
}
