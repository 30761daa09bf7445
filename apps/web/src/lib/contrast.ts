/** WCAG 2 contrast between colours, for choosing text colours that stay readable (>= 4.5:1). */

type Rgb = readonly [number, number, number];

export function rgbOf(hex: string): Rgb {
  const value = hex.replace('#', '');
  const full = value.length === 3 ? value.replace(/./g, (c) => c + c) : value;
  const n = Number.parseInt(full, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const hexOf = (rgb: Rgb) =>
  `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

function luminance(hex: string): number {
  const [r, g, b] = rgbOf(hex).map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as unknown as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** `hex` moved towards `target` (black or white) by `amount` (0 to 1). */
function mix(hex: string, target: Rgb, amount: number): string {
  const rgb = rgbOf(hex);
  return hexOf(rgb.map((c, i) => c + ((target[i] ?? 0) - c) * amount) as unknown as Rgb);
}

/**
 * `hex` as it is when it reads at `ratio` on every one of `backgrounds`; else darkened (for
 * light backgrounds) or lightened (dark ones) by the smallest step that does, keeping its hue.
 */
export function readableOn(hex: string, backgrounds: readonly string[], ratio = 4.5): string {
  const darkBackground = backgrounds.every((bg) => luminance(bg) < 0.18);
  const target: Rgb = darkBackground ? [255, 255, 255] : [0, 0, 0];
  for (let step = 0; step <= 100; step += 2) {
    const candidate = mix(hex, target, step / 100);
    if (backgrounds.every((bg) => contrastRatio(candidate, bg) >= ratio)) return candidate;
  }
  return darkBackground ? '#ffffff' : '#000000';
}
