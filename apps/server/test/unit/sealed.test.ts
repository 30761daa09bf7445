import { describe, expect, it } from 'vitest';
import { createSecretSealer } from '../../src/lib/sealed.js';

describe('createSecretSealer', () => {
  const sealer = createSecretSealer('k'.repeat(40));

  it('opens what it sealed, and seals the same secret differently each time', () => {
    const first = sealer.seal('gateway-secret');
    expect(sealer.open(first)).toBe('gateway-secret');
    expect(sealer.seal('gateway-secret')).not.toBe(first);
    expect(first).not.toContain('gateway-secret');
  });

  it('opens nothing sealed with another key, damaged or of another format', () => {
    const sealed = sealer.seal('gateway-secret');
    expect(createSecretSealer('x'.repeat(40)).open(sealed)).toBeUndefined();
    const [version, iv, body, tag] = sealed.split('.');
    const flipped = `${body?.startsWith('A') ? 'B' : 'A'}${body?.slice(1) ?? ''}`;
    expect(sealer.open([version, iv, flipped, tag].join('.'))).toBeUndefined();
    expect(sealer.open('v0.a.b.c')).toBeUndefined();
    expect(sealer.open('')).toBeUndefined();
  });
});
