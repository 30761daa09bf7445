import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import PDFDocument from 'pdfkit';
import { formatLocal } from '../../modules/readings/history-time.js';
import {
  commentLine,
  commentsByEvent,
  eventCells,
  reportColumns,
  type AlarmReport,
} from './alarm-report.js';

type Pdf = PDFKit.PDFDocument;

const margin = 30;
const rowHeight = 11;
const fontSize = 7;
/** Widths of `reportColumns` but the last (comments go on lines of their own): A4 landscape. */
const widths = [56, 56, 46, 52, 52, 58, 44, 38, 30, 30, 30, 30, 22, 46, 56, 54, 58];

/** The height of a row whose cells wrap within their columns (nothing is cut). */
function rowHeightOf(doc: Pdf, values: string[], bold = false): number {
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(fontSize);
  const heights = values.map((value, i) =>
    doc.heightOfString(value || ' ', { width: (widths[i] ?? 0) - 3 }),
  );
  return Math.max(rowHeight, ...heights);
}

function cells(doc: Pdf, values: string[], y: number, bold = false) {
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(fontSize);
  let x = margin;
  values.forEach((value, i) => {
    const width = widths[i] ?? 0;
    doc.text(value, x, y, { width: width - 3 });
    x += width;
  });
}

function header(doc: Pdf, report: AlarmReport): number {
  const { params } = report;
  const local = (iso: string) => formatLocal(Date.parse(iso), params.timezone);
  doc.font('Helvetica-Bold').fontSize(16).text('Alarm report', margin, margin);
  doc.font('Helvetica').fontSize(10).moveDown(0.5);
  const lines = [
    `Account: ${report.companyName}`,
    `Range: ${local(params.from)} to ${local(params.to)} (${params.timezone})`,
    `Generated at: ${formatLocal(report.generatedAt.getTime(), params.timezone)} (${params.timezone})`,
    `Alarm events: ${report.events.length}; temperatures in °${report.unit}`,
  ];
  for (const line of lines) doc.text(line);
  return doc.y + 10;
}

/**
 * The header, then a table row per alarm event (column titles repeated on each page) with
 * the event's comments, wrapped, on the lines below it.
 */
export async function writeAlarmPdf(path: string, report: AlarmReport): Promise<void> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin,
    info: { Title: 'Alarm report', Author: 'Vigil' },
  });
  const out = createWriteStream(path);
  doc.pipe(out);
  const titles = reportColumns.slice(0, -1).map((title) => title);
  const bottom = doc.page.height - margin - rowHeight;
  const comments = commentsByEvent(report);
  const titleHeight = rowHeightOf(doc, titles, true);
  let y = header(doc, report);
  cells(doc, titles, y, true);
  y += titleHeight - rowHeight;
  const room = (height: number) => {
    if (y + height <= bottom) return;
    doc.addPage();
    cells(doc, titles, margin, true);
    y = margin + titleHeight;
  };
  for (const event of report.events) {
    const row = eventCells(event, report);
    const height = rowHeightOf(doc, row);
    y += rowHeight;
    room(height);
    cells(doc, row, y);
    y += height - rowHeight;
    for (const comment of comments.get(event.id) ?? []) {
      const text = `Comment: ${commentLine(comment, report.params.timezone)}`;
      doc.font('Helvetica-Oblique').fontSize(fontSize);
      const width = doc.page.width - 2 * margin - 20;
      const height = doc.heightOfString(text, { width });
      y += rowHeight;
      room(height);
      doc.text(text, margin + 20, y, { width });
      y += height - rowHeight;
    }
  }
  if (report.events.length === 0)
    doc
      .font('Helvetica')
      .fontSize(10)
      .text('No alarms in this range.', margin, y + 2 * rowHeight);
  doc.end();
  await finished(out);
}
