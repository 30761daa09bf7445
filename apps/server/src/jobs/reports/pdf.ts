import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import PDFDocument from 'pdfkit';
import { formatLocal } from '../../modules/readings/history-time.js';
import type { ReportContent } from './content.js';

const margin = 36;
const columns = [
  { title: 'device', width: 110 },
  { title: 'metric', width: 80 },
  { title: 'n', width: 40 },
  { title: 'min', width: 48 },
  { title: 'max', width: 48 },
  { title: 'mean', width: 48 },
  { title: 'MKT', width: 48 },
  { title: 'alarm range', width: 70 },
  { title: 'min out', width: 50 },
  { title: 'gaps', width: 60 },
];

const fixed = (value: number | null) => (value === null ? '-' : value.toFixed(2));

/**
 * The PDF of a run (English): a cover with account, period, timezone and generation time, then
 * the statistics table (temperatures in the account's unit).
 */
export async function writeReportPdf(
  path: string,
  content: ReportContent,
  meta: {
    name: string;
    period: { start: number; end: number };
    timezone: string;
    generatedAt: Date;
  },
): Promise<void> {
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin });
  const out = createWriteStream(path);
  doc.pipe(out);
  doc.font('Helvetica-Bold').fontSize(18).text(meta.name, margin, margin);
  doc.font('Helvetica').fontSize(11).moveDown(0.5);
  for (const line of [
    `Account: ${content.accountName}`,
    `Period: ${formatLocal(meta.period.start, meta.timezone)} to ${formatLocal(meta.period.end, meta.timezone)}`,
    `Time zone: ${meta.timezone}`,
    `Generated: ${formatLocal(meta.generatedAt.getTime(), meta.timezone)}`,
    `Temperatures in °${content.temperatureUnit}; MKT with activation energy 83.144 kJ/mol`,
  ])
    doc.text(line);
  doc.moveDown(1);
  const drawRow = (cells: string[], bold: boolean) => {
    if (doc.y > doc.page.height - margin - 20) doc.addPage();
    const y = doc.y;
    let x = margin;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    cells.forEach((cell, index) => {
      const width = columns[index]?.width ?? 50;
      doc.text(cell, x, y, { width: width - 4, lineBreak: false });
      x += width;
    });
    doc.x = margin;
    doc.y = y + 14;
  };
  drawRow(
    columns.map((column) => column.title),
    true,
  );
  for (const row of content.rows) {
    drawRow(
      [
        row.deviceName,
        `${row.label} (${row.unit})`,
        String(row.count),
        fixed(row.min),
        fixed(row.max),
        fixed(row.mean),
        fixed(row.mkt),
        `${fixed(row.low)}..${fixed(row.high)}`,
        (row.outOfRangeMs / 60_000).toFixed(1),
        `${row.gapCount} (${(row.gapMs / 60_000).toFixed(0)} min)`,
      ].map((cell, index) =>
        row.door && index >= 2
          ? ([
              `${row.door.count} opened`,
              `${(row.door.totalOpenMs / 60_000).toFixed(1)} min open`,
              `longest ${(row.door.longestOpenMs / 60_000).toFixed(1)} min`,
            ][index - 2] ?? '')
          : cell,
      ),
      false,
    );
  }
  doc.moveDown(1);
  doc.font('Helvetica-Bold').fontSize(12).text('Alarm events', margin, doc.y);
  doc.font('Helvetica').fontSize(9).moveDown(0.3);
  if (content.events.length === 0) doc.text('No alarm events in the period.');
  for (const event of content.events) {
    if (doc.y > doc.page.height - margin - 30) doc.addPage();
    const local = (at: number | null) => (at === null ? '-' : formatLocal(at, meta.timezone));
    const acknowledged =
      event.acknowledgedAt === null
        ? 'not acknowledged'
        : `acknowledged ${local(event.acknowledgedAt)} by ${event.acknowledgedBy ?? '?'}${
            event.comment ? `: ${event.comment}` : ''
          }`;
    doc.text(
      `${local(event.raisedAt)}  ${event.deviceName}  ${event.type} ${fixed(event.value)}; cleared ${local(event.clearedAt)}; ${acknowledged}`,
      margin,
      doc.y,
      { width: doc.page.width - 2 * margin },
    );
  }
  doc.end();
  await finished(out);
}
