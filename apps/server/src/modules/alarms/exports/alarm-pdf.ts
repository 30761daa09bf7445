import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import PDFDocument from 'pdfkit';
import {
  commentLine,
  commentsByEvent,
  eventCells,
  reportColumns,
  type AlarmReport,
} from './alarm-report.js';
import { fittingSize, fonts, registerFonts } from '../../../jobs/exports/pdf-fonts.js';
import { exportTexts, localDateTime } from '../../../jobs/exports/texts/index.js';

type Pdf = PDFKit.PDFDocument;

const margin = 30;
const rowHeight = 11;
const fontSize = 7;
/** Widths of `reportColumns` but the last (comments go on lines of their own): A4 landscape. */
const widths = [56, 56, 46, 46, 46, 58, 44, 48, 30, 30, 30, 30, 34, 60, 56, 54, 58];

/** The height of a row whose cells wrap within their columns (nothing is cut). */
function rowHeightOf(doc: Pdf, values: string[], bold = false): number {
  doc.font(bold ? fonts.bold : fonts.body);
  const heights = values.map((value, i) => {
    const width = (widths[i] ?? 0) - 3;
    doc.fontSize(fittingSize(doc, value, width, fontSize));
    return doc.heightOfString(value || ' ', { width });
  });
  return Math.max(rowHeight, ...heights);
}

function cells(doc: Pdf, values: string[], y: number, bold = false) {
  doc.font(bold ? fonts.bold : fonts.body);
  let x = margin;
  values.forEach((value, i) => {
    const width = (widths[i] ?? 0) - 3;
    doc.fontSize(fittingSize(doc, value, width, fontSize));
    doc.text(value, x, y, { width });
    x += widths[i] ?? 0;
  });
}

function header(doc: Pdf, report: AlarmReport): number {
  const { params } = report;
  const { common, alarms } = exportTexts[report.language];
  const local = (instant: number) =>
    localDateTime(instant, params.timezone, report.language, 'second');
  doc.font(fonts.bold).fontSize(16).text(alarms.title, margin, margin);
  doc.font(fonts.body).fontSize(10).moveDown(0.5);
  const lines = [
    `${common.account}: ${report.companyName}`,
    `${common.range}: ${local(Date.parse(params.from))} ${common.to} ${local(Date.parse(params.to))} (${params.timezone})`,
    `${common.generatedAt}: ${local(report.generatedAt.getTime())} (${params.timezone})`,
    alarms.events(report.events.length, report.unit),
  ];
  for (const line of lines) doc.text(line);
  return doc.y + 10;
}

/**
 * The header, then a table row per alarm event (column titles repeated on each page) with
 * the event's comments, wrapped, on the lines below it.
 */
export async function writeAlarmPdf(path: string, report: AlarmReport): Promise<void> {
  const texts = exportTexts[report.language];
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin,
    info: { Title: texts.alarms.title, Author: 'Vigil' },
  });
  registerFonts(doc);
  const out = createWriteStream(path);
  doc.pipe(out);
  const titles = reportColumns(report.language, null).slice(0, -1);
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
    const row = eventCells(event, report, 'pdf');
    const height = rowHeightOf(doc, row);
    y += rowHeight;
    room(height);
    cells(doc, row, y);
    y += height - rowHeight;
    for (const comment of comments.get(event.id) ?? []) {
      const text = `${texts.alarms.comment}: ${commentLine(comment, report, 'pdf')}`;
      doc.font(fonts.italic).fontSize(fontSize);
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
      .font(fonts.body)
      .fontSize(10)
      .text(texts.alarms.noEvents, margin, y + 2 * rowHeight);
  doc.end();
  await finished(out);
}
