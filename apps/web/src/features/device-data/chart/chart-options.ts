import uPlot from 'uplot';
import type { ChartGroup } from './chart-groups';
import type { Threshold } from './thresholds';

export type ColorScheme = 'light' | 'dark';

/** Series colours that read on either background (Mantine blue, orange, green, grape, red). */
const palettes: Record<ColorScheme, readonly string[]> = {
  light: ['#1971c2', '#e8590c', '#2f9e44', '#9c36b5', '#c92a2a'],
  dark: ['#74c0fc', '#ffa94d', '#8ce99a', '#e599f7', '#ff8787'],
};
const axisColors: Record<ColorScheme, { axis: string; grid: string; threshold: string }> = {
  light: { axis: '#495057', grid: 'rgba(0, 0, 0, 0.08)', threshold: '#c92a2a' },
  dark: { axis: '#c1c2c5', grid: 'rgba(255, 255, 255, 0.1)', threshold: '#ff8787' },
};

/** `#rrggbb` with an alpha, for the min–max bands. */
const withAlpha = (hex: string, alpha: number) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
};

export interface ChartTexts {
  time: string;
  /** The series' names, by metric key. */
  names: Record<string, string>;
  min: (name: string) => string;
  max: (name: string) => string;
  notAvailable: string;
  /** The words of a state chart's 0 and 1 (door closed/open, water low/present). */
  states?: readonly [string, string];
  /** The legend's time: the reading's date and time in the person's language and clock. */
  formatTime: (seconds: number) => string;
  /** A time axis tick: `step` is the seconds between ticks; `withDate` where the day starts. */
  formatTick: (seconds: number, step: number, withDate: boolean) => string;
  /** The label of an alarm bound's line, e.g. "Fridge alarm: max 8.00 °C". */
  threshold: (line: Threshold, value: string) => string;
}

export interface ChartOptionsInput {
  group: ChartGroup;
  /** '°C', '%', 'hPa', 'lux' or '' for states. */
  unit: string;
  scheme: ColorScheme;
  width: number;
  height: number;
  texts: ChartTexts;
  /** Called when the person drags a selection: the chart is zoomed until a double-click. */
  onZoom?: () => void;
  /**
   * The time axis spans the range asked for (epoch seconds), not just the readings in it: a
   * day with two hours of data shows twenty-two hours of gap, and one reading is not a year.
   */
  xWindow?: () => [number, number] | undefined;
  /** The device's alarm bounds on this chart: dashed lines, always inside the y range. */
  thresholds?: readonly Threshold[];
}

/** The y axis as wide as its longest label (about 7 px a character at the axis font), plus ticks. */
export const axisWidth = (_u: uPlot, values: string[] | null): number =>
  Math.max(48, Math.max(0, ...(values ?? []).map((value) => value.length)) * 7 + 24);

/** The last value of a series, for the legend while the cursor is off the chart. */
function latestOf(values: ArrayLike<number | null | undefined> | undefined): number | null {
  if (!values) return null;
  for (let index = values.length - 1; index >= 0; index--) {
    const value = values[index];
    if (value !== null && value !== undefined) return value;
  }
  return null;
}

/** Under the cursor, the value there; off the chart, the latest one (not a blank or "N/A"). */
const legendValue =
  (format: (value: number | null | undefined) => string) =>
  (u: uPlot, value: number | null, seriesIndex: number, index: number | null): string =>
    format(index === null ? latestOf(u.data[seriesIndex]) : value);

function seriesOf(input: ChartOptionsInput, format: (value: number | null | undefined) => string) {
  const { group, scheme, texts } = input;
  const palette = palettes[scheme];
  const stepped = group.step ? uPlot.paths.stepped?.({ align: 1 }) : undefined;
  const series: uPlot.Series[] = [
    {
      label: texts.time,
      value: (u, seconds: number | null, _i, index: number | null) => {
        const shown = index === null ? latestOf(u.data[0]) : seconds;
        return shown === null ? '' : texts.formatTime(shown);
      },
    },
  ];
  const bands: uPlot.Band[] = [];
  group.series.forEach((metric, index) => {
    const color = palette[index % palette.length] ?? '#1971c2';
    const name = texts.names[metric.key] ?? metric.key;
    series.push({
      label: name,
      stroke: color,
      width: 1.5,
      spanGaps: false,
      ...(stepped ? { paths: stepped } : {}),
      value: legendValue(format),
    });
    if (!metric.band) return;
    const bandLine = { stroke: withAlpha(color, 0.35), width: 1, spanGaps: false };
    series.push(
      { ...bandLine, label: texts.min(name), value: legendValue(format) },
      { ...bandLine, label: texts.max(name), value: legendValue(format) },
    );
    const min = series.length - 2;
    bands.push({ series: [min + 1, min], fill: withAlpha(color, 0.15) });
  });
  return { series, bands };
}

/** The y range: the data's, widened to take in every alarm bound; a fixed one when set. */
function yRange(input: ChartOptionsInput): uPlot.Scale['range'] {
  const { group, thresholds = [] } = input;
  if (group.range) return [group.range[0], group.range[1]];
  if (group.step) return [-0.1, 1.1];
  return (_u, dataMin, dataMax): uPlot.Range.MinMax => {
    // An empty chart gives null bounds, whatever the types say.
    const values = [dataMin, dataMax, ...thresholds.map((line) => line.value)].filter((value) =>
      Number.isFinite(value),
    );
    if (values.length === 0) return [0, 1];
    return uPlot.rangeNum(Math.min(...values), Math.max(...values), 0.1, true);
  };
}

/** Draws each alarm bound as a dashed line across the plot, its label above it. */
function drawThresholds(input: ChartOptionsInput, format: (value: number) => string) {
  const { thresholds = [], scheme, texts } = input;
  const color = axisColors[scheme].threshold;
  return (u: uPlot) => {
    const { ctx } = u;
    const { left, top, width, height } = u.bbox;
    ctx.save();
    ctx.strokeStyle = color;
    ctx.fillStyle = color;
    ctx.lineWidth = 1.5 * uPlot.pxRatio;
    ctx.setLineDash([6 * uPlot.pxRatio, 4 * uPlot.pxRatio]);
    ctx.font = `${String(11 * uPlot.pxRatio)}px system-ui, sans-serif`;
    ctx.textAlign = 'right';
    for (const line of thresholds) {
      const y = Math.round(u.valToPos(line.value, 'y', true));
      if (y < top || y > top + height) continue;
      ctx.beginPath();
      ctx.moveTo(left, y);
      ctx.lineTo(left + width, y);
      ctx.stroke();
      const labelY = line.bound === 'max' ? y - 4 * uPlot.pxRatio : y + 13 * uPlot.pxRatio;
      ctx.fillText(texts.threshold(line, format(line.value)), left + width - 4, labelY);
    }
    ctx.restore();
  };
}

/**
 * uPlot options for one group: gaps stay gaps (spanGaps false), drag on x zooms and a
 * double-click resets (uPlot's defaults), the legend shows the values under the cursor (the
 * latest ones off the chart), each bucketed series gets its min and max as a shaded band
 * around the average, and the device's alarm bounds are dashed lines inside the y range.
 */
export function chartOptionsOf(input: ChartOptionsInput): uPlot.Options {
  const { group, unit, width, height, texts, onZoom } = input;
  const { axis, grid } = axisColors[input.scheme];
  const states = group.step ? texts.states : undefined;
  const format = (value: number | null | undefined): string => {
    if (value === null || value === undefined) return texts.notAvailable;
    if (states) return states[value >= 0.5 ? 1 : 0];
    return unit ? `${value.toFixed(2)} ${unit}` : value.toFixed(2);
  };
  const { series, bands } = seriesOf(input, format);
  const axisStyle = { stroke: axis, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid } };
  return {
    width,
    height,
    series,
    bands,
    scales: {
      x: {
        time: true,
        range: (_u, min, max): uPlot.Range.MinMax => input.xWindow?.() ?? [min, max],
      },
      y: { range: yRange(input) },
    },
    cursor: { drag: { x: true, y: false } },
    legend: { live: true },
    hooks: {
      setSelect: [
        (plot) => {
          if (plot.select.width > 0) onZoom?.();
        },
      ],
      draw: [drawThresholds(input, format)],
    },
    axes: [
      {
        ...axisStyle,
        // Two lines where the date shows: room for them under the axis.
        size: 50,
        values: (_u, splits, _axis, _space, step: number) =>
          splits.map((seconds, index) => {
            const previous = splits[index - 1];
            const newDay =
              previous === undefined ||
              new Date(previous * 1000).toDateString() !== new Date(seconds * 1000).toDateString();
            return texts.formatTick(seconds, step, newDay);
          }),
      },
      {
        ...axisStyle,
        size: axisWidth,
        ...(states
          ? { splits: () => [0, 1], values: (_u, splits) => splits.map((v) => format(v)) }
          : { values: (_u, splits) => splits.map((v) => (unit ? `${v} ${unit}` : String(v))) }),
      },
    ],
  };
}
