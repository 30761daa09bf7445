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
/** Widths of `reportColumns` but the last (comments go on lines of their own). */
const widths = [78, 70, 70, 78, 60, 55, 38, 38, 38, 26, 52, 78, 78, 60];

function cells(doc: Pdf, values: string[], y: number, bold = false) {
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(fontSize);
  let x = margin;
  values.forEach((value, i) => {
    const width = widths[i] ?? 0;
    doc.text(value, x, y, { width: width - 3, lineBreak: false, ellipsis: true });
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
  let y = header(doc, report);
  cells(doc, titles, y, true);
  const room = (height: number) => {
    if (y + height <= bottom) return;
    doc.addPage();
    cells(doc, titles, margin, true);
    y = margin + rowHeight;
  };
  for (const event of report.events) {
    y += rowHeight;
    room(rowHeight);
    cells(doc, eventCells(event, report), y);
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
