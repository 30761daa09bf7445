import { mapLimits } from '@vigil/contracts';

/**
 * The device search (spec monitoring 2, 9): by name, case-insensitive, from 2 characters.
 * `undefined` while the query is shorter: nothing is filtered then.
 */
export function searchDevices<T extends { name: string }>(
  devices: readonly T[],
  query: string,
): T[] | undefined {
  const wanted = query.trim().toLocaleLowerCase();
  if (wanted.length < mapLimits.searchMinChars) return undefined;
  return devices.filter((device) => device.name.toLocaleLowerCase().includes(wanted));
}
