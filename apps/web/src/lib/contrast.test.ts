import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio, readableOn } from './contrast';
import { cssVariablesResolver, theme } from './theme';

describe('contrast', () => {
  it('measures as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    // The measurements: device names and "Active" were unreadable.
    expect(contrastRatio('#12b886', '#ffffff')).toBeCloseTo(2.55, 2);
    expect(contrastRatio('#0ca678', '#f8f9fa')).toBeCloseTo(2.96, 2);
  });

  it('keeps a readable colour and darkens or lightens one that is not', () => {
    expect(readableOn('#000000', ['#ffffff'])).toBe('#000000');
    const teal = readableOn('#12b886', ['#ffffff', '#f8f9fa']);
    expect(contrastRatio(teal, '#f8f9fa')).toBeGreaterThanOrEqual(4.5);
    const onDark = readableOn('#828282', ['#242424']);
    expect(contrastRatio(onDark, '#242424')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio('#828282', '#242424')).toBeLessThan(4.5);
  });
});

describe('the theme’s text colours', () => {
  const { light, dark } = cssVariablesResolver({ ...DEFAULT_THEME, ...theme } as never);
  const backgrounds = {
    light: ['#ffffff', '#f8f9fa', '#ffe3e3', '#e7f3ff'],
    dark: ['#242424', '#2e2e2e'],
  };

  it('puts white labels on filled colours that read at 4.5:1', () => {
    for (const variables of [light, dark]) {
      const fills = Object.entries(variables).filter(([name]) => name.endsWith('-filled'));
      expect(fills.length).toBeGreaterThan(5);
      for (const [name, color] of fills) {
        expect(contrastRatio('#ffffff', color), name).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it.each([
    ['light', light, backgrounds.light],
    ['dark', dark, backgrounds.dark],
  ] as const)('read at 4.5:1 in %s', (_scheme, variables, surfaces) => {
    const texts = Object.entries(variables).filter(
      ([name]) => /-(text|light-color)$/.test(name) || /dimmed|placeholder|anchor/.test(name),
    );
    expect(texts.length).toBeGreaterThan(10);
    for (const [name, color] of texts) {
      for (const surface of surfaces) {
        expect(contrastRatio(color, surface), `${name} on ${surface}`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });
});
