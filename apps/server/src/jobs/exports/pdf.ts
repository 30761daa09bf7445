import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { MetricKey } from '@vigil/contracts';
import PDFDocument from 'pdfkit';
import { drawChart } from '../pdf-chart.js';
import type { RawReading } from '../../modules/readings/history-repo.js';
import { displayUnit } from '../../modules/readings/history-metrics.js';
import { formatLocal } from '../../modules/readings/history-time.js';
import { reportTexts } from '../reports/texts.js';
import {
  cellText,
  columnTitle,
  exportMetrics,
  metricLabel,
  shownValue,
  type ExportDocument,
  type ReadingPages,
} from './document.js';

type Pdf = PDFKit.PDFDocument;

const margin = 36;
const rowHeight = 11;
const fontSize = 8;
const timeWidth = 110;
const flagWidth = 55;

type Table = { columns: { title: string; width: number }[]; top: number; bottom: number };

function cells(doc: Pdf, values: string[], table: Table, y: number, bold = false) {
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(fontSize);
  let x = margin;
  values.forEach((value, i) => {
    const width = table.columns[i]?.width ?? 0;
    doc.text(value, x, y, { width: width - 4, lineBreak: false, ellipsis: true });
    x += width;
  });
}

const number = (value: number) => String(value);

function header(doc: Pdf, document: ExportDocument): number {
  const { device, params, unit } = document;
  const local = (iso: string) => formatLocal(Date.parse(iso), params.timezone);
  doc.font('Helvetica-Bold').fontSize(16).text('Raw data export', margin, margin);
  doc.font('Helvetica').fontSize(10).moveDown(0.5);
  const lines = [
    `Account: ${device.accountName}`,
    `Device: ${device.name} (${device.deviceId}), id ${device.id}`,
    `Range: ${local(params.from)} to ${local(params.to)} (${params.timezone})`,
    `Generated at: ${formatLocal(document.generatedAt.getTime(), params.timezone)} (${params.timezone})`,
    `Readings: ${document.summary.total}; temperatures in °${unit}`,
  ];
  for (const line of lines) doc.text(line);
  return doc.y + 10;
}

/** min / max / mean per metric, in the account's unit. */
function summary(doc: Pdf, document: ExportDocument, top: number): number {
  const table: Table = {
    columns: [
      { title: 'metric', width: 160 },
      { title: 'unit', width: 50 },
      { title: 'readings', width: 70 },
      { title: 'min', width: 70 },
      { title: 'max', width: 70 },
      { title: 'mean', width: 70 },
    ],
    top,
    bottom: doc.page.height - margin,
  };
  doc.font('Helvetica-Bold').fontSize(11).text('Summary', margin, top);
  let y = doc.y + 4;
  cells(
    doc,
    table.columns.map((column) => column.title),
    table,
    y,
    true,
  );
  for (const metric of document.summary.metrics) {
    y += rowHeight;
    const shown = (value: number) => number(shownValue(metric.metric, value, document.unit));
    const label = `${metricLabel(metric.metric)} (${metric.metric})`;
    const unit = displayUnit(metric.metric, document.unit);
    const values = [label, unit, String(metric.count), shown(metric.min), shown(metric.max)];
    cells(doc, [...values, shown(metric.mean)], table, y);
  }
  return y + rowHeight * 2;
}

function readingsTable(doc: Pdf, metrics: MetricKey[], document: ExportDocument): Table {
  const available = doc.page.width - 2 * margin - timeWidth - flagWidth;
  const width = Math.min(90, available / Math.max(1, metrics.length));
  return {
    columns: [
      { title: `local time (${document.params.timezone})`, width: timeWidth },
      ...metrics.map((metric) => ({ title: columnTitle(metric, document.unit), width })),
      { title: 'backfilled', width: flagWidth },
    ],
    top: margin,
    bottom: doc.page.height - margin - rowHeight,
  };
}

function rowValues(row: RawReading, metrics: MetricKey[], document: ExportDocument): string[] {
  return [
    formatLocal(row.ts.getTime(), document.params.timezone),
    ...metrics.map((metric) => cellText(metric, row[metric], document.unit)),
    row.backfilled ? 'yes' : '',
  ];
}

/** The charts of the range, drawn as the reports draw theirs; then the readings on a new page. */
function charts(doc: Pdf, document: ExportDocument, top: number): number {
  const series = document.charts ?? [];
  if (series.length === 0) return top;
  doc.font('Helvetica-Bold').fontSize(11).text('Charts', margin, top);
  // The reports' legend: what the line, the dashes and the breaks are.
  doc.font('Helvetica').fontSize(8).fillColor('#555').text(reportTexts.en.chartLegend, margin);
  doc.fillColor('black').moveDown(0.5);
  const frame = {
    margin,
    period: { start: Date.parse(document.params.from), end: Date.parse(document.params.to) },
    timezone: document.params.timezone,
    language: 'en' as const,
    fonts: { body: 'Helvetica', bold: 'Helvetica-Bold' },
    noDataText: 'No readings in this range.',
  };
  for (const chart of series) drawChart(doc, chart, frame);
  doc.addPage();
  return margin;
}

/**
 * Header (account, device, range and timezone, generation time), the summary, the charts, then every
 * reading in a table repeated with its column titles on each page. Pages are written out as
 * they fill, and the event loop gets a turn between them: a year of readings never sits in
 * memory nor blocks the process.
 */
export async function writePdf(
  path: string,
  document: ExportDocument,
  pages: ReadingPages,
): Promise<void> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin,
    info: { Title: `Raw data of ${document.device.name}`, Author: 'Vigil' },
  });
  const out = createWriteStream(path);
  doc.pipe(out);
  const metrics = exportMetrics(document);
  const table = readingsTable(doc, metrics, document);
  let y = charts(doc, document, summary(doc, document, header(doc, document)));
  doc.font('Helvetica-Bold').fontSize(11).text('Readings', margin, y);
  y = doc.y + 4;
  cells(
    doc,
    table.columns.map((column) => column.title),
    table,
    y,
    true,
  );
  let rows = 0;
  for await (const page of pages) {
    for (const row of page) {
      y += rowHeight;
      if (y > table.bottom) {
        doc.addPage();
        await nextTurn();
        cells(
          doc,
          table.columns.map((column) => column.title),
          table,
          table.top,
          true,
        );
        y = table.top + rowHeight;
      }
      cells(doc, rowValues(row, metrics, document), table, y);
      rows += 1;
    }
  }
  if (rows === 0)
    doc
      .font('Helvetica')
      .fontSize(10)
      .text('No readings in this range.', margin, y + rowHeight);
  doc.end();
  await finished(out);
}
