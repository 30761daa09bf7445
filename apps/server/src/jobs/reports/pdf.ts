import { createWriteStream } from 'node:fs';
import { createRequire } from 'node:module';
import { finished } from 'node:stream/promises';
import type { Language } from '@vigil/contracts';
import PDFDocument from 'pdfkit';
import { formatLocal } from '../../modules/readings/history-time.js';
import type { ChartPoint, ReportContent, StatisticsRow } from './content.js';
import type { Gap } from './statistics.js';
import { formatNumber, reportTexts, type ReportTexts } from './texts.js';

const margin = 36;
const widths = [110, 80, 40, 48, 48, 48, 48, 80, 50, 60];
const chartHeight = 120;
const axisWidth = 48;

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
  const texts = reportTexts[meta.language];
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin, bufferPages: true });
  doc.registerFont('body', fonts.regular);
  doc.registerFont('bold', fonts.bold);
  const out = createWriteStream(path);
  doc.pipe(out);
  const local = (at: number) => formatLocal(at, meta.timezone);
  const number = (value: number | null, digits = 2) => formatNumber(value, digits, meta.language);
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

  const drawRow = (cells: string[], bold: boolean) => {
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
  };
  drawRow([...texts.table], true);
  for (const row of content.rows) {
    const metric = texts.metrics[row.metric] ?? row.metric;
    drawRow(
      row.door
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
          ],
      false,
    );
  }

  const charted = content.rows.filter((row) => row.door === null);
  if (charted.length > 0) {
    heading(doc, texts.charts);
    doc.font('body').fontSize(8).fillColor('#555').text(texts.chartLegend, margin, doc.y);
    doc.fillColor('black').moveDown(0.5);
    for (const row of charted) drawChart(doc, row, content.bucketMs, meta, texts);
  }

  heading(doc, texts.events);
  doc.font('body').fontSize(9).moveDown(0.3);
  if (content.events.length === 0) doc.text(texts.noEvents);
  for (const event of content.events) {
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
  doc.end();
  await finished(out);
}

function heading(doc: Doc, title: string) {
  if (doc.y > doc.page.height - margin - 60) doc.addPage();
  doc.moveDown(1);
  doc.font('bold').fontSize(12).fillColor('black').text(title, margin, doc.y);
}

/**
 * Splits the chart's points where a data gap lies between two of them: a line is drawn only
 * across buckets with readings on both sides of no gap.
 */
export function chartSegments(points: ChartPoint[], gaps: Gap[], bucketMs: number) {
  const segments: ChartPoint[][] = [];
  let current: ChartPoint[] = [];
  points.forEach((point, index) => {
    const previous = points[index - 1];
    const broken =
      previous !== undefined &&
      gaps.some((gap) => gap.start >= previous.at && gap.end <= point.at + bucketMs);
    if (broken && current.length > 0) {
      segments.push(current);
      current = [];
    }
    current.push(point);
  });
  if (current.length > 0) segments.push(current);
  return segments;
}

/** A value range with room around it: the data and the thresholds, never empty. */
export function chartRange(values: number[]): { lo: number; hi: number } {
  let lo = Math.min(...values);
  let hi = Math.max(...values);
  if (hi - lo < 1e-9) {
    lo -= 1;
    hi += 1;
  }
  const pad = (hi - lo) * 0.08;
  return { lo: lo - pad, hi: hi + pad };
}

function drawChart(
  doc: Doc,
  row: StatisticsRow,
  bucketMs: number,
  meta: PdfMeta,
  texts: ReportTexts,
) {
  if (doc.y > doc.page.height - margin - chartHeight - 30) doc.addPage();
  const title = `${row.deviceName} · ${texts.metrics[row.metric] ?? row.metric} (${row.unit})`;
  doc.font('bold').fontSize(9).fillColor('black').text(title, margin, doc.y);
  const top = doc.y + 4;
  const left = margin + axisWidth;
  const width = doc.page.width - margin - left;
  const { start, end } = meta.period;
  if (row.chart.length === 0) {
    doc.font('body').fontSize(8).fillColor('#555').text(texts.chartNoData, left, top);
    doc.fillColor('black');
    doc.y = top + 20;
    return;
  }
  const thresholds = [row.low, row.high].filter((value): value is number => value !== null);
  const { lo, hi } = chartRange([...row.chart.map((point) => point.value), ...thresholds]);
  const x = (at: number) => left + ((at - start) / (end - start)) * width;
  const y = (value: number) => top + chartHeight - ((value - lo) / (hi - lo)) * chartHeight;
  doc.save();
  // Frame, gaps shaded, horizontal grid with the values on the left.
  doc.lineWidth(0.5).strokeColor('#999').rect(left, top, width, chartHeight).stroke();
  for (const gap of row.gaps)
    doc.rect(x(gap.start), top, Math.max(0.5, x(gap.end) - x(gap.start)), chartHeight).fill('#eee');
  doc.font('body').fontSize(7).fillColor('#555');
  for (let step = 0; step <= 4; step += 1) {
    const value = lo + ((hi - lo) * step) / 4;
    doc
      .lineWidth(0.25)
      .strokeColor('#ddd')
      .moveTo(left, y(value))
      .lineTo(left + width, y(value))
      .stroke();
    doc.text(formatNumber(value, 1, meta.language), margin, y(value) - 3, {
      width: axisWidth - 4,
      align: 'right',
      lineBreak: false,
    });
  }
  for (let step = 0; step <= 4; step += 1) {
    const at = start + ((end - start) * step) / 4;
    const offset = step === 0 ? 0 : step === 4 ? 80 : 40;
    doc.text(formatLocal(at, meta.timezone).slice(0, 16), x(at) - offset, top + chartHeight + 3, {
      width: 80,
      align: step === 0 ? 'left' : step === 4 ? 'right' : 'center',
      lineBreak: false,
    });
  }
  for (const threshold of thresholds) {
    doc
      .lineWidth(0.8)
      .strokeColor('#c62828')
      .dash(4, { space: 3 })
      .moveTo(left, y(threshold))
      .lineTo(left + width, y(threshold))
      .stroke()
      .undash();
  }
  doc.lineWidth(1).strokeColor('#1565c0');
  for (const segment of chartSegments(row.chart, row.gaps, bucketMs)) {
    const [first, ...rest] = segment;
    if (!first) continue;
    const mid = (point: ChartPoint) => x(point.at + bucketMs / 2);
    if (rest.length === 0) {
      doc.circle(mid(first), y(first.value), 0.8).fill('#1565c0');
      continue;
    }
    doc.moveTo(mid(first), y(first.value));
    for (const point of rest) doc.lineTo(mid(point), y(point.value));
    doc.stroke();
  }
  doc.restore();
  doc.fillColor('black');
  doc.x = margin;
  doc.y = top + chartHeight + 18;
}
