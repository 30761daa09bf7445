import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { AuditVerifyResult } from '@vigil/contracts';
import PDFDocument from 'pdfkit';
import type { findEntries } from '../../modules/audit/repo.js';
import { formatLocal } from '../../modules/readings/history-time.js';
import type { AuditExportParams } from '../../modules/tasks/params.js';

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
const columns = [
  { title: 'time', width: 92 },
  { title: 'account', width: 100 },
  { title: 'user', width: 120 },
  { title: 'event', width: 60 },
  { title: 'action', width: 70 },
  { title: 'result', width: 45 },
  { title: 'message', width: 283 },
];

export function verificationText(result: AuditVerifyResult): string {
  if (result.ok)
    return `intact: ${result.entries} entries in ${result.chains} chain(s) verified from their first entry to their head, no broken link`;
  const broken = result.firstBroken;
  return `BROKEN: chain ${broken?.chain ?? '?'} at seq ${broken?.seq ?? '?'} (${broken?.reason ?? 'unknown'}); ${result.entries} entries verified before it`;
}

function header(doc: Pdf, document: AuditDocument): number {
  const { params } = document;
  const local = (iso: string | undefined, fallback: string) =>
    iso === undefined ? fallback : formatLocal(Date.parse(iso), params.timezone);
  doc.font('Helvetica-Bold').fontSize(16).text('Audit trail export', margin, margin);
  doc.font('Helvetica').fontSize(10).moveDown(0.5);
  const lines = [
    `Account: ${params.accountName ?? 'all accounts'}`,
    `Filter: event ${params.event ?? 'any'}; action ${params.action ?? 'any'}; search ${params.search ? `"${params.search}"` : 'none'}`,
    `Range: ${local(params.startDate, 'first entry')} to ${local(params.endDate, 'now')}`,
    `Time zone: ${params.timezone} (every time in this document)`,
    `Exported by: ${params.exportedBy} at ${formatLocal(document.generatedAt.getTime(), params.timezone)}`,
    `Entries: ${document.total}, newest first`,
    `Hash chain verification: ${verificationText(document.verification)}`,
  ];
  for (const line of lines) doc.text(line, { width: doc.page.width - 2 * margin });
  return doc.y + 10;
}

function rowValues(row: AuditRow, timezone: string): string[] {
  return [
    formatLocal(row.createdAt.getTime(), timezone),
    row.accountName ?? 'platform',
    row.userEmail ?? 'system',
    row.event,
    row.action,
    row.result,
    row.information,
  ];
}

/** Draws one row, wrapping each cell; returns its height. */
function drawRow(doc: Pdf, values: string[], y: number, bold = false): number {
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(fontSize);
  let x = margin;
  let height = 0;
  values.forEach((value, i) => {
    const width = (columns[i]?.width ?? 0) - padding;
    doc.text(value, x, y, { width });
    height = Math.max(height, doc.heightOfString(value, { width }));
    x += columns[i]?.width ?? 0;
  });
  return height + padding;
}

function rowHeight(doc: Pdf, values: string[]): number {
  doc.font('Helvetica').fontSize(fontSize);
  return (
    Math.max(
      ...values.map((value, i) =>
        doc.heightOfString(value, { width: (columns[i]?.width ?? 0) - padding }),
      ),
    ) + padding
  );
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
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin,
    info: { Title: 'Audit trail', Author: 'Vigil' },
  });
  const out = createWriteStream(path);
  doc.pipe(out);
  const titles = columns.map((column) => column.title);
  const bottom = doc.page.height - margin;
  let y = header(doc, document);
  y += drawRow(doc, titles, y, true);
  let rows = 0;
  for await (const page of pages) {
    for (const row of page) {
      const values = rowValues(row, document.params.timezone);
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
      .font('Helvetica')
      .fontSize(10)
      .text('No audit entries match this filter.', margin, y + 4);
  doc.end();
  await finished(out);
}
