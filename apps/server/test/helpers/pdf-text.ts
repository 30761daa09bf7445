import { inflateSync } from 'node:zlib';

/** The text a PDF shows: its content streams inflated, the strings of their TJ operators joined. */
export function pdfText(pdf: Buffer): string {
  const lines: string[] = [];
  const raw = pdf.toString('latin1');
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1] ?? '', 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const operation of content.matchAll(/\[(.*?)\]\s*TJ/g)) {
      const hexes = [...(operation[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)];
      lines.push(hexes.map((hex) => Buffer.from(hex[1] ?? '', 'hex').toString('latin1')).join(''));
    }
  }
  return lines.join('\n');
}
