import type { Language } from '@vigil/contracts';
import type PDFDocument from 'pdfkit';
import { formatNumber } from './document-texts.js';

type Doc = InstanceType<typeof PDFDocument>;

/** One point of a chart: the mean of the bucket beginning at `at` (in the shown unit). */
export type ChartPoint = { at: number; value: number };
/** A stretch without data: the line breaks across it and it is shaded. */
export type Gap = { start: number; end: number };

/** Charts of periods up to two days use the 1-minute rollups, longer ones the hourly. */
export const chartBucketMs = (period: { start: number; end: number }) =>
  period.end - period.start <= 2 * 24 * 3_600_000 ? 60_000 : 3_600_000;

const chartHeight = 120;
const axisWidth = 48;

/** An alarm bound drawn dashed across a chart, in the chart's unit. */
export type ChartThreshold = {
  value: number;
  bound: 'min' | 'max';
  /** The alarm's name and the value's unit: with them, the line is labelled beside it. */
  label?: { alarm: string; unit: string };
};

/** One chart: a device's metric over a period, from rollup means (in the shown unit). */
export type ChartSeries = {
  title: string;
  points: ChartPoint[];
  /** Data gaps: the line breaks across them and they are shaded. */
  gaps: Gap[];
  /** The alarm thresholds, drawn dashed; the value range includes them. */
  thresholds: ChartThreshold[];
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
  /** How a time tick reads on the period's clock (the document's own date format). */
  tickText: (at: number) => string;
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

/** The value range a chart is drawn over: its points and every threshold, with room around them. */
export const seriesRange = (series: Pick<ChartSeries, 'points' | 'thresholds'>) =>
  chartRange([
    ...series.points.map((point) => point.value),
    ...series.thresholds.map((threshold) => threshold.value),
  ]);

/** The web chart's words for a bound (deviceData.graph.threshold), per language. */
const boundWords: Record<Language, Record<ChartThreshold['bound'], string>> = {
  en: { min: 'min', max: 'max' },
  pl: { min: 'min.', max: 'maks.' },
  de: { min: 'Min.', max: 'Max.' },
};

/**
 * A threshold's label as the web chart writes it ('Fridge: max 8 °C'), in the document's
 * language and decimal mark; none for a threshold without a label.
 */
export function thresholdLabel(threshold: ChartThreshold, language: Language): string | undefined {
  if (!threshold.label) return undefined;
  const { alarm, unit } = threshold.label;
  const value = new Intl.NumberFormat(language, {
    maximumFractionDigits: 2,
    useGrouping: false,
  }).format(threshold.value);
  return `${alarm}: ${boundWords[language][threshold.bound]} ${value}${unit ? ` ${unit}` : ''}`;
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
    const tick = frame.tickText(at);
    doc.text(tick, x(at) - offset, top + chartHeight + 3, {
      width: 80,
      align: step === 0 ? 'left' : step === 4 ? 'right' : 'center',
      lineBreak: false,
    });
  }
}

const thresholdColor = '#c62828';

/** The dashed thresholds, each labelled at the right end: above a maximum, below a minimum. */
function drawThresholds(doc: Doc, series: ChartSeries, frame: ChartFrame, scale: Scale) {
  const { left, width, y } = scale;
  for (const threshold of series.thresholds) {
    const at = y(threshold.value);
    doc
      .lineWidth(0.8)
      .strokeColor(thresholdColor)
      .dash(4, { space: 3 })
      .moveTo(left, at)
      .lineTo(left + width, at)
      .stroke()
      .undash();
    const label = thresholdLabel(threshold, frame.language);
    if (label === undefined) continue;
    doc
      .font(frame.fonts.body)
      .fontSize(6)
      .fillColor(thresholdColor)
      .text(label, left + 4, threshold.bound === 'max' ? at - 8 : at + 2, {
        width: width - 8,
        align: 'right',
        lineBreak: false,
      });
  }
}

/** The series' line, broken across data gaps. */
function drawLine(doc: Doc, series: ChartSeries, scale: Scale) {
  const { x, y } = scale;
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
  const { lo, hi } = seriesRange(series);
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
  drawThresholds(doc, series, frame, scale);
  drawLine(doc, series, scale);
  doc.restore();
  doc.fillColor('black');
  doc.x = margin;
  doc.y = top + chartHeight + 18;
}
