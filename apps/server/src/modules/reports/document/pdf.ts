import { createWriteStream } from 'node:fs';
import { createRequire } from 'node:module';
import { finished } from 'node:stream/promises';
import type { Language } from '@vigil/contracts';
import PDFDocument from 'pdfkit';
import { formatLocal } from '../../../lib/time-zone.js';
import { formatNumber } from '../../../jobs/document-texts.js';
import { drawChart } from '../../../jobs/pdf-chart.js';
import type { ReportContent, StatisticsRow } from './model.js';
import { reportTexts, type ReportTexts } from './texts.js';

const margin = 36;
const widths = [110, 80, 40, 48, 48, 48, 48, 80, 50, 60];

const require = createRequire(import.meta.url);
/** DejaVu Sans: the standard PDF fonts have no Polish letters. */
const fonts = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
};

type Doc = InstanceType<typeof PDFDocument>;

export type PdfMeta = {
  name: string;
  period: { start: number; end: number };
  timezone: string;
  generatedAt: Date;
  language: Language;
};

/** What every section of one report's PDF writes with. */
type Sheet = {
  doc: Doc;
  texts: ReportTexts;
  meta: PdfMeta;
  local: (at: number) => string;
  number: (value: number | null, digits?: number) => string;
};

/**
 * The PDF of a run in the recipient's language: a cover with account, period, timezone and
 * generation time, the statistics table, a vector chart per device and metric drawn from the
 * rollups (data gaps left as gaps, alarm thresholds dashed), then the alarm events with their
 * acknowledgements. Temperatures are in the account's unit.
 */
export async function writeReportPdf(
  path: string,
  content: ReportContent,
  meta: PdfMeta,
): Promise<void> {
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin, bufferPages: true });
  doc.registerFont('body', fonts.regular);
  doc.registerFont('bold', fonts.bold);
  const out = createWriteStream(path);
  doc.pipe(out);
  const sheet: Sheet = {
    doc,
    texts: reportTexts[meta.language],
    meta,
    local: (at) => formatLocal(at, meta.timezone),
    number: (value, digits = 2) => formatNumber(value, digits, meta.language),
  };
  writeCover(sheet, content);
  writeStatistics(sheet, content.rows);
  writeCharts(sheet, content);
  writeEvents(sheet, content.events);
  writePageFooters(sheet);
  doc.end();
  await finished(out);
}

/** The cover: account, period, timezone, generation time, units, then the insights. */
function writeCover({ doc, texts, meta, local, number }: Sheet, content: ReportContent) {
  doc.font('bold').fontSize(18).text(meta.name, margin, margin);
  doc.font('body').fontSize(11).moveDown(0.5);
  for (const line of [
    `${texts.cover.account}: ${content.accountName}`,
    `${texts.cover.period}: ${local(meta.period.start)} ${texts.cover.to} ${local(meta.period.end)}`,
    `${texts.cover.timezone}: ${meta.timezone}`,
    `${texts.cover.generated}: ${local(meta.generatedAt.getTime())}`,
    texts.cover.units(content.temperatureUnit),
  ])
    doc.text(line);
  if (content.insights.length > 0) {
    heading(doc, texts.insights);
    doc.font('body').fontSize(10).moveDown(0.3);
    for (const insight of content.insights) {
      const metric = 'metric' in insight ? (texts.metrics[insight.metric] ?? insight.metric) : '';
      doc.text(`• ${texts.insight(insight, number, metric)}`, margin, doc.y, {
        width: doc.page.width - 2 * margin,
      });
    }
  }
  doc.moveDown(1);
}

function drawRow(doc: Doc, cells: string[], bold: boolean) {
  if (doc.y > doc.page.height - margin - 20) doc.addPage();
  const y = doc.y;
  let x = margin;
  doc.font(bold ? 'bold' : 'body').fontSize(8.5);
  cells.forEach((cell, index) => {
    const width = widths[index] ?? 50;
    doc.text(cell, x, y, { width: width - 4, lineBreak: false });
    x += width;
  });
  doc.x = margin;
  doc.y = y + 14;
}

/** A statistics row's cells: door counts and open times, or a metric's statistics. */
function statisticsCells({ texts, number }: Sheet, row: StatisticsRow): string[] {
  const metric = texts.metrics[row.metric] ?? row.metric;
  return row.door
    ? [
        row.deviceName,
        metric,
        ...texts.doorCells(
          row.door.count,
          number(row.door.totalOpenMs / 60_000, 1),
          number(row.door.longestOpenMs / 60_000, 1),
        ),
      ]
    : [
        row.deviceName,
        `${metric} (${row.unit})`,
        String(row.count),
        number(row.min),
        number(row.max),
        number(row.mean),
        number(row.mkt),
        `${number(row.low)}..${number(row.high)}`,
        number(row.outOfRangeMs / 60_000, 1),
        `${row.gapCount} (${number(row.gapMs / 60_000, 0)} min)`,
      ];
}

function writeStatistics(sheet: Sheet, rows: StatisticsRow[]) {
  drawRow(sheet.doc, [...sheet.texts.table], true);
  for (const row of rows) drawRow(sheet.doc, statisticsCells(sheet, row), false);
}

function writeCharts({ doc, texts, meta, local }: Sheet, content: ReportContent) {
  const charted = content.rows.filter((row) => row.door === null);
  if (charted.length === 0) return;
  heading(doc, texts.charts);
  doc.font('body').fontSize(8).fillColor('#555').text(texts.chartLegend, margin, doc.y);
  doc.fillColor('black').moveDown(0.5);
  const frame = {
    margin,
    period: meta.period,
    timezone: meta.timezone,
    language: meta.language,
    fonts: { body: 'body', bold: 'bold' },
    noDataText: texts.chartNoData,
    // `YYYY-MM-DD HH:mm` on the report's clock.
    tickText: (at: number) => local(at).slice(0, 16),
  };
  for (const row of charted) drawChart(doc, chartOf(row, content.bucketMs, texts), frame);
}

function writeEvents({ doc, texts, local, number }: Sheet, events: ReportContent['events']) {
  heading(doc, texts.events);
  doc.font('body').fontSize(9).moveDown(0.3);
  if (events.length === 0) doc.text(texts.noEvents);
  for (const event of events) {
    if (doc.y > doc.page.height - margin - 30) doc.addPage();
    const acknowledged =
      event.acknowledgedAt === null
        ? texts.notAcknowledged
        : `${texts.acknowledged(local(event.acknowledgedAt), event.acknowledgedBy ?? '?')}${
            event.comment ? `: ${event.comment}` : ''
          }`;
    const cleared = event.clearedAt === null ? '-' : local(event.clearedAt);
    doc.text(
      `${local(event.raisedAt)}  ${event.deviceName}  ${texts.alarmTypes[event.type] ?? event.type} ${number(event.value)}; ${texts.cleared} ${cleared}; ${acknowledged}`,
      margin,
      doc.y,
      { width: doc.page.width - 2 * margin },
    );
  }
}

/** The report's name and page number at the foot of every page. */
function writePageFooters({ doc, texts, meta }: Sheet) {
  const pages = doc.bufferedPageRange();
  for (let index = 0; index < pages.count; index += 1) {
    doc.switchToPage(pages.start + index);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('body')
      .fontSize(8)
      .fillColor('#555')
      .text(
        `${meta.name} · ${texts.page(index + 1, pages.count)}`,
        margin,
        doc.page.height - margin + 10,
        { width: doc.page.width - 2 * margin, align: 'right', lineBreak: false },
      );
    doc.page.margins.bottom = bottom;
  }
}

function heading(doc: Doc, title: string) {
  if (doc.y > doc.page.height - margin - 60) doc.addPage();
  doc.moveDown(1);
  doc.font('bold').fontSize(12).fillColor('black').text(title, margin, doc.y);
}

/** A statistics row's chart: the device, the metric in the recipient's language, its unit. */
const chartOf = (row: StatisticsRow, bucketMs: number, texts: ReportTexts) => ({
  title: `${row.deviceName} · ${texts.metrics[row.metric] ?? row.metric} (${row.unit})`,
  points: row.chart,
  gaps: row.gaps,
  // The strictest bounds of the device's alarms, unlabelled: the legend says what dashes are.
  thresholds: [
    ...(row.low === null ? [] : [{ value: row.low, bound: 'min' as const }]),
    ...(row.high === null ? [] : [{ value: row.high, bound: 'max' as const }]),
  ],
  bucketMs,
});
