import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { AuditVerifyResult } from '@vigil/contracts';
import PDFDocument from 'pdfkit';
import type { findEntries } from '../repo.js';
import { formatLocal } from '../../../lib/time-zone.js';
import type { AuditExportParams } from './params.js';
import { fittingSize, fonts, registerFonts } from '../../../jobs/exports/pdf-fonts.js';
import { exportTexts, wordOf, type ExportTexts } from '../../../jobs/exports/texts/index.js';

export type AuditRow = Awaited<ReturnType<typeof findEntries>>[number];
/** Pages of audit entries, newest first, streamed from the database. */
export type AuditRowPages = AsyncIterable<AuditRow[]>;

export type AuditDocument = {
  params: AuditExportParams;
  total: number;
  verification: AuditVerifyResult;
  generatedAt: Date;
};

type Pdf = PDFKit.PDFDocument;

const margin = 36;
const fontSize = 8;
const padding = 3;
const columnKeys = ['time', 'account', 'user', 'event', 'action', 'result', 'message'] as const;
/** Column widths (A4 landscape), in the order of `columnKeys`. */
const widths = [92, 100, 120, 60, 70, 45, 283];

type AuditTexts = ExportTexts['audit'];

/**
 * The size of a cell's text: a word too long for its column is set smaller, but for the
 * message, where a long link or id simply wraps and the rest of the message stays readable.
 */
const cellSize = (doc: Pdf, value: string, i: number, width: number) =>
  columnKeys[i] === 'message' ? fontSize : fittingSize(doc, value, width, fontSize);

export function verificationText(result: AuditVerifyResult, texts: AuditTexts): string {
  if (result.ok) return texts.intact(result.entries, result.chains);
  const broken = result.firstBroken;
  // The reason is the verifier's own (English) words, as the API answers them.
  return texts.broken(
    broken?.chain ?? '?',
    String(broken?.seq ?? '?'),
    broken?.reason ?? '?',
    result.entries,
  );
}

/**
 * The header: account, filter, range, time zone, exporter and time, entries and the
 * verification, in the language of the person who asked. Times are written as the web's
 * audit trail writes them (`YYYY-MM-DD HH:mm:ss`, in every language).
 */
function header(doc: Pdf, document: AuditDocument): number {
  const { params } = document;
  const { common, audit } = exportTexts[params.language];
  const local = (iso: string | undefined, fallback: string) =>
    iso === undefined ? fallback : formatLocal(Date.parse(iso), params.timezone);
  const event = params.event === undefined ? audit.any : wordOf(audit.events, params.event);
  const action = params.action === undefined ? audit.any : wordOf(audit.actions, params.action);
  doc.font(fonts.bold).fontSize(16).text(audit.title, margin, margin);
  doc.font(fonts.body).fontSize(10).moveDown(0.5);
  const lines = [
    `${common.account}: ${params.accountName ?? audit.allAccounts}`,
    audit.filter(event, action, params.search || undefined),
    `${common.range}: ${local(params.startDate, audit.firstEntry)} ${common.to} ${local(params.endDate, audit.now)}`,
    audit.timezoneNote(params.timezone),
    audit.exportedBy(
      params.exportedBy,
      formatLocal(document.generatedAt.getTime(), params.timezone),
    ),
    audit.entries(document.total),
    `${audit.verification}: ${verificationText(document.verification, audit)}`,
  ];
  for (const line of lines) doc.text(line, { width: doc.page.width - 2 * margin });
  return doc.y + 10;
}

function rowValues(row: AuditRow, timezone: string, texts: AuditTexts): string[] {
  return [
    formatLocal(row.createdAt.getTime(), timezone),
    row.accountName ?? texts.platform,
    row.userEmail ?? texts.system,
    wordOf(texts.events, row.event),
    wordOf(texts.actions, row.action),
    texts.results[row.result],
    row.information,
  ];
}

/** Draws one row, wrapping each cell; returns its height. */
function drawRow(doc: Pdf, values: string[], y: number, bold = false): number {
  doc.font(bold ? fonts.bold : fonts.body);
  let x = margin;
  let height = 0;
  values.forEach((value, i) => {
    const width = (widths[i] ?? 0) - padding;
    doc.fontSize(cellSize(doc, value, i, width));
    doc.text(value, x, y, { width });
    height = Math.max(height, doc.heightOfString(value, { width }));
    x += widths[i] ?? 0;
  });
  return height + padding;
}

function rowHeight(doc: Pdf, values: string[]): number {
  doc.font(fonts.body);
  const heights = values.map((value, i) => {
    const width = (widths[i] ?? 0) - padding;
    doc.fontSize(cellSize(doc, value, i, width));
    return doc.heightOfString(value, { width });
  });
  return Math.max(...heights) + padding;
}

/**
 * Header (account, filter, time zone, exporter and time, verification result), then every
 * entry with its column titles repeated on each page. Pages are written as they fill and the
 * event loop gets a turn between them, so a long trail never sits in memory.
 */
export async function writeAuditPdf(
  path: string,
  document: AuditDocument,
  pages: AuditRowPages,
): Promise<void> {
  const texts = exportTexts[document.params.language].audit;
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin,
    info: { Title: texts.documentTitle, Author: 'Vigil' },
  });
  registerFonts(doc);
  const out = createWriteStream(path);
  doc.pipe(out);
  const titles = columnKeys.map((key) => texts.columns[key]);
  const bottom = doc.page.height - margin;
  let y = header(doc, document);
  y += drawRow(doc, titles, y, true);
  let rows = 0;
  for await (const page of pages) {
    for (const row of page) {
      const values = rowValues(row, document.params.timezone, texts);
      if (y + rowHeight(doc, values) > bottom) {
        doc.addPage();
        await nextTurn();
        y = margin + drawRow(doc, titles, margin, true);
      }
      y += drawRow(doc, values, y);
      rows += 1;
    }
  }
  if (rows === 0)
    doc
      .font(fonts.body)
      .fontSize(10)
      .text(texts.noEntries, margin, y + 4);
  doc.end();
  await finished(out);
}
