/** A deterministic pseudo-random number in [0, 1) for a key: the same key always gives the same value. */
export function noise(key: string): number {
  let hash = 2166136261;
  for (let i = 0; i < key.length; i += 1) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 16777619);
  }
  // mulberry32 finaliser
  let t = (hash + 0x6d2b79f5) | 0;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/** Gaussian-ish noise in about [-1, 1]: the mean of three uniforms, centred. */
export function jitter(key: string): number {
  return ((noise(`${key}a`) + noise(`${key}b`) + noise(`${key}c`)) / 3 - 0.5) * 2;
}

export const round = (value: number, decimals = 2): number => {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
};
