const separators = /[\s:-]/g;

/** The hex digits of a device ID, lower-case: how two spellings of one ID compare. */
export const deviceIdDigits = (id: string) => id.toLowerCase().replace(separators, '');

/** A device ID as people read it: upper-case, colon-separated pairs (00:1A:2B:3C). */
export function displayDeviceId(id: string): string {
  const digits = deviceIdDigits(id);
  const pairs = /^(?:[0-9a-f]{2})+$/.test(digits) ? digits.match(/../g) : null;
  return (pairs ? pairs.join(':') : id).toUpperCase();
}
