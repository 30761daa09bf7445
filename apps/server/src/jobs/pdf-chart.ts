import type { Language } from '@vigil/contracts';
import type PDFDocument from 'pdfkit';
import { formatLocal } from '../modules/readings/history-time.js';
import type { ChartPoint } from './reports/content.js';
import type { Gap } from './reports/statistics.js';
import { formatNumber } from './reports/texts.js';

type Doc = InstanceType<typeof PDFDocument>;

const chartHeight = 120;
const axisWidth = 48;

/** One chart: a device's metric over a period, from rollup means (in the shown unit). */
export type ChartSeries = {
  title: string;
  points: ChartPoint[];
  /** Data gaps: the line breaks across them and they are shaded. */
  gaps: Gap[];
  /** The alarm thresholds, drawn dashed; the value range includes them. */
  low: number | null;
  high: number | null;
  /** The width of the buckets the points stand for. */
  bucketMs: number;
};

/** Where and how a chart is drawn: the period, its clock and language, the document's fonts. */
export type ChartFrame = {
  margin: number;
  period: { start: number; end: number };
  timezone: string;
  language: Language;
  fonts: { body: string; bold: string };
  noDataText: string;
};

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

type Scale = {
  left: number;
  top: number;
  width: number;
  lo: number;
  hi: number;
  x: (at: number) => number;
  y: (value: number) => number;
};

/** Frame, shaded gaps, the horizontal grid with its values and the time axis. */
function drawAxes(doc: Doc, series: ChartSeries, frame: ChartFrame, scale: Scale) {
  const { left, top, width, lo, hi, x, y } = scale;
  const { start, end } = frame.period;
  doc.lineWidth(0.5).strokeColor('#999').rect(left, top, width, chartHeight).stroke();
  for (const gap of series.gaps)
    doc.rect(x(gap.start), top, Math.max(0.5, x(gap.end) - x(gap.start)), chartHeight).fill('#eee');
  doc.font(frame.fonts.body).fontSize(7).fillColor('#555');
  for (let step = 0; step <= 4; step += 1) {
    const value = lo + ((hi - lo) * step) / 4;
    doc
      .lineWidth(0.25)
      .strokeColor('#ddd')
      .moveTo(left, y(value))
      .lineTo(left + width, y(value))
      .stroke();
    doc.text(formatNumber(value, 1, frame.language), frame.margin, y(value) - 3, {
      width: axisWidth - 4,
      align: 'right',
      lineBreak: false,
    });
  }
  for (let step = 0; step <= 4; step += 1) {
    const at = start + ((end - start) * step) / 4;
    const offset = step === 0 ? 0 : step === 4 ? 80 : 40;
    doc.text(formatLocal(at, frame.timezone).slice(0, 16), x(at) - offset, top + chartHeight + 3, {
      width: 80,
      align: step === 0 ? 'left' : step === 4 ? 'right' : 'center',
      lineBreak: false,
    });
  }
}

/** The dashed thresholds and the series' line, broken across data gaps. */
function drawLines(doc: Doc, series: ChartSeries, thresholds: number[], scale: Scale) {
  const { left, width, x, y } = scale;
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
  for (const segment of chartSegments(series.points, series.gaps, series.bucketMs)) {
    const [first, ...rest] = segment;
    if (!first) continue;
    const mid = (point: ChartPoint) => x(point.at + series.bucketMs / 2);
    if (rest.length === 0) {
      doc.circle(mid(first), y(first.value), 0.8).fill('#1565c0');
      continue;
    }
    doc.moveTo(mid(first), y(first.value));
    for (const point of rest) doc.lineTo(mid(point), y(point.value));
    doc.stroke();
  }
}

/**
 * A vector chart of one series under its title, on a new page when it does not fit: the
 * reports' and the device-data export's PDFs draw their charts with this.
 */
export function drawChart(doc: Doc, series: ChartSeries, frame: ChartFrame): void {
  const { margin } = frame;
  if (doc.y > doc.page.height - margin - chartHeight - 30) doc.addPage();
  doc.font(frame.fonts.bold).fontSize(9).fillColor('black').text(series.title, margin, doc.y);
  const top = doc.y + 4;
  const left = margin + axisWidth;
  const width = doc.page.width - margin - left;
  const { start, end } = frame.period;
  if (series.points.length === 0) {
    doc.font(frame.fonts.body).fontSize(8).fillColor('#555').text(frame.noDataText, left, top);
    doc.fillColor('black');
    doc.y = top + 20;
    return;
  }
  const thresholds = [series.low, series.high].filter((value): value is number => value !== null);
  const { lo, hi } = chartRange([...series.points.map((point) => point.value), ...thresholds]);
  const scale: Scale = {
    left,
    top,
    width,
    lo,
    hi,
    x: (at) => left + ((at - start) / (end - start)) * width,
    y: (value) => top + chartHeight - ((value - lo) / (hi - lo)) * chartHeight,
  };
  doc.save();
  drawAxes(doc, series, frame, scale);
  drawLines(doc, series, thresholds, scale);
  doc.restore();
  doc.fillColor('black');
  doc.x = margin;
  doc.y = top + chartHeight + 18;
}
