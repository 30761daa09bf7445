import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { MetricKey } from '@vigil/contracts';
import PDFDocument from 'pdfkit';
import { drawChart } from '../../../jobs/pdf-chart.js';
import type { RawReading } from '../history-repo.js';
import { displayUnit } from '../history-metrics.js';
import { documentTexts } from '../../../jobs/document-texts.js';
import {
  cellText,
  columnTitle,
  exportMetrics,
  shownValue,
  type ExportDocument,
  type ReadingPages,
} from './document.js';
import { fittingSize, fonts, registerFonts } from '../../../jobs/exports/pdf-fonts.js';
import {
  decimalText,
  exportTexts,
  localDateTime,
  summaryColumns,
} from '../../../jobs/exports/texts/index.js';

type Pdf = PDFKit.PDFDocument;

const margin = 36;
const rowHeight = 11;
const fontSize = 8;
const timeWidth = 110;
const flagWidth = 55;

type Table = { columns: { title: string; width: number }[]; top: number; bottom: number };

function cells(doc: Pdf, values: string[], table: Table, y: number) {
  doc.font(fonts.body).fontSize(fontSize);
  let x = margin;
  values.forEach((value, i) => {
    const width = table.columns[i]?.width ?? 0;
    doc.text(value, x, y, { width: width - 4, lineBreak: false, ellipsis: true });
    x += width;
  });
}

/** The column titles, wrapped within their columns (a long title is never cut); their height. */
function titles(doc: Pdf, table: Table, y: number): number {
  doc.font(fonts.bold);
  let x = margin;
  let height = rowHeight;
  for (const column of table.columns) {
    const width = column.width - 4;
    doc.fontSize(fittingSize(doc, column.title, width, fontSize));
    doc.text(column.title, x, y, { width });
    height = Math.max(height, doc.heightOfString(column.title, { width }));
    x += column.width;
  }
  return height;
}

/** An instant on the export's clock, as the web app writes it in the file's language. */
const localTime = (document: ExportDocument, instant: number) =>
  localDateTime(instant, document.params.timezone, document.language, 'second');

function header(doc: Pdf, document: ExportDocument): number {
  const { device, params, unit } = document;
  const texts = exportTexts[document.language];
  const local = (iso: string) => localTime(document, Date.parse(iso));
  const { common } = texts;
  doc.font(fonts.bold).fontSize(16).text(texts.raw.title, margin, margin);
  doc.font(fonts.body).fontSize(10).moveDown(0.5);
  const lines = [
    `${common.account}: ${device.accountName}`,
    texts.raw.device(device.name, device.deviceId, device.id),
    `${common.range}: ${local(params.from)} ${common.to} ${local(params.to)} (${params.timezone})`,
    `${common.generatedAt}: ${localTime(document, document.generatedAt.getTime())} (${params.timezone})`,
    texts.raw.readings(document.summary.total, unit),
  ];
  for (const line of lines) doc.text(line);
  return doc.y + 10;
}

/** min / max / mean per metric, in the account's unit. */
function summary(doc: Pdf, document: ExportDocument, top: number): number {
  const { language } = document;
  const widths = [160, 50, 70, 70, 70, 70];
  const table: Table = {
    columns: summaryColumns(language).map((title, i) => ({ title, width: widths[i] ?? 70 })),
    top,
    bottom: doc.page.height - margin,
  };
  doc.font(fonts.bold).fontSize(11).text(exportTexts[language].raw.summary, margin, top);
  let y = doc.y + 4;
  y += titles(doc, table, y) - rowHeight;
  for (const metric of document.summary.metrics) {
    y += rowHeight;
    const shown = (value: number) =>
      decimalText(shownValue(metric.metric, value, document.unit), language);
    const label = exportTexts[language].raw.metrics[metric.metric];
    const unit = displayUnit(metric.metric, document.unit);
    const values = [label, unit, String(metric.count), shown(metric.min), shown(metric.max)];
    cells(doc, [...values, shown(metric.mean)], table, y);
  }
  return y + rowHeight * 2;
}

function readingsTable(doc: Pdf, metrics: MetricKey[], document: ExportDocument): Table {
  const available = doc.page.width - 2 * margin - timeWidth - flagWidth;
  const width = Math.min(90, available / Math.max(1, metrics.length));
  const { language, unit } = document;
  const texts = exportTexts[language].raw;
  return {
    columns: [
      { title: texts.localTime(document.params.timezone), width: timeWidth },
      ...metrics.map((metric) => ({ title: columnTitle(metric, unit, language), width })),
      { title: texts.backfilled, width: flagWidth },
    ],
    top: margin,
    bottom: doc.page.height - margin - rowHeight,
  };
}

function rowValues(row: RawReading, metrics: MetricKey[], document: ExportDocument): string[] {
  const { language, unit } = document;
  return [
    localTime(document, row.ts.getTime()),
    ...metrics.map((metric) => cellText(metric, row[metric], unit, language, 'pdf')),
    row.backfilled ? exportTexts[language].raw.backfilledMark : '',
  ];
}

/** The charts of the range, drawn as the reports draw theirs; then the readings on a new page. */
function charts(doc: Pdf, document: ExportDocument, top: number): number {
  const series = document.charts ?? [];
  if (series.length === 0) return top;
  const { language } = document;
  const { timezone } = document.params;
  // The reports' heading and legend: what the line, the dashes and the breaks are.
  doc.font(fonts.bold).fontSize(11).text(documentTexts[language].charts, margin, top);
  doc
    .font(fonts.body)
    .fontSize(8)
    .fillColor('#555')
    .text(documentTexts[language].chartLegend, margin);
  doc.fillColor('black').moveDown(0.5);
  const frame = {
    margin,
    period: { start: Date.parse(document.params.from), end: Date.parse(document.params.to) },
    timezone,
    language,
    fonts: { body: fonts.body, bold: fonts.bold },
    noDataText: exportTexts[language].raw.noReadings,
    tickText: (at: number) => localDateTime(at, timezone, language, 'minute'),
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
  const texts = exportTexts[document.language];
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin,
    info: { Title: texts.raw.documentTitle(document.device.name), Author: 'Vigil' },
  });
  registerFonts(doc);
  const out = createWriteStream(path);
  doc.pipe(out);
  const metrics = exportMetrics(document);
  const table = readingsTable(doc, metrics, document);
  let y = charts(doc, document, summary(doc, document, header(doc, document)));
  doc.font(fonts.bold).fontSize(11).text(texts.raw.readingsHeading, margin, y);
  y = doc.y + 4;
  y += titles(doc, table, y) - rowHeight;
  let rows = 0;
  for await (const page of pages) {
    for (const row of page) {
      y += rowHeight;
      if (y > table.bottom) {
        doc.addPage();
        await nextTurn();
        y = table.top + titles(doc, table, table.top);
      }
      cells(doc, rowValues(row, metrics, document), table, y);
      rows += 1;
    }
  }
  if (rows === 0)
    doc
      .font(fonts.body)
      .fontSize(10)
      .text(texts.raw.noReadings, margin, y + rowHeight);
  doc.end();
  await finished(out);
}
