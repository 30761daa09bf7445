import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * The fonts of the exported PDFs, registered under these names. DejaVu Sans Condensed: the
 * standard PDF fonts have no Polish letters (ą, ł, ś...), and the condensed cut keeps the dense
 * tables about as wide as Helvetica did.
 */
export const fonts = { body: 'export-body', bold: 'export-bold', italic: 'export-italic' } as const;

const files = {
  [fonts.body]: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed.ttf'),
  [fonts.bold]: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed-Bold.ttf'),
  [fonts.italic]: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed-Oblique.ttf'),
};

export function registerFonts(doc: PDFKit.PDFDocument): void {
  for (const [name, file] of Object.entries(files)) doc.registerFont(name, file);
}

/**
 * The font size, at most `size`, at which every word of `text` fits within `width` in the
 * current font: a long word (Luftfeuchtigkeit, Temperatura) is set smaller rather than split
 * across lines; never below `smallest`.
 */
export function fittingSize(
  doc: PDFKit.PDFDocument,
  text: string,
  width: number,
  size: number,
  smallest = 5,
): number {
  doc.fontSize(size);
  const widest = Math.max(0, ...text.split(/\s+/).map((word) => doc.widthOfString(word)));
  if (widest <= width) return size;
  // Glyph widths scale with the size: shrink in half points to the first that fits.
  return Math.max(smallest, Math.floor(((size * width) / widest) * 2) / 2);
}
