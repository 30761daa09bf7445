import uPlot from 'uplot';
import type { ChartGroup } from './chart-groups';

export type ColorScheme = 'light' | 'dark';

/** Series colours that read on either background (Mantine blue, orange, green, grape, red). */
const palettes: Record<ColorScheme, readonly string[]> = {
  light: ['#1971c2', '#e8590c', '#2f9e44', '#9c36b5', '#c92a2a'],
  dark: ['#74c0fc', '#ffa94d', '#8ce99a', '#e599f7', '#ff8787'],
};
const axisColors: Record<ColorScheme, { axis: string; grid: string }> = {
  light: { axis: '#495057', grid: 'rgba(0, 0, 0, 0.08)' },
  dark: { axis: '#c1c2c5', grid: 'rgba(255, 255, 255, 0.1)' },
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
  formatTime: (seconds: number) => string;
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
}

/** The y axis as wide as its longest label (about 7 px a character at the axis font), plus ticks. */
export const axisWidth = (_u: uPlot, values: string[] | null): number =>
  Math.max(48, Math.max(0, ...(values ?? []).map((value) => value.length)) * 7 + 24);

/**
 * uPlot options for one group: gaps stay gaps (spanGaps false), drag on x zooms and a
 * double-click resets (uPlot's defaults), the legend shows the values under the cursor, and
 * each bucketed series gets its min and max as a shaded band around the average.
 */
export function chartOptionsOf(input: ChartOptionsInput): uPlot.Options {
  const { group, unit, scheme, width, height, texts, onZoom } = input;
  const palette = palettes[scheme];
  const { axis, grid } = axisColors[scheme];
  const states = group.step ? texts.states : undefined;
  const format = (value: number | null | undefined): string => {
    if (value === null || value === undefined) return texts.notAvailable;
    if (states) return states[value >= 0.5 ? 1 : 0];
    return unit ? `${value.toFixed(2)} ${unit}` : value.toFixed(2);
  };
  const stepped = group.step ? uPlot.paths.stepped?.({ align: 1 }) : undefined;
  const series: uPlot.Series[] = [
    {
      label: texts.time,
      // null while the cursor is off the chart.
      value: (_u, seconds: number | null) => (seconds === null ? '' : texts.formatTime(seconds)),
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
      value: (_u, value) => format(value),
    });
    if (!metric.band) return;
    const bandLine = { stroke: withAlpha(color, 0.35), width: 1, spanGaps: false };
    series.push(
      { ...bandLine, label: texts.min(name), value: (_u, value) => format(value) },
      { ...bandLine, label: texts.max(name), value: (_u, value) => format(value) },
    );
    const min = series.length - 2;
    bands.push({ series: [min + 1, min], fill: withAlpha(color, 0.15) });
  });
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
      ...(states ? { y: { range: [-0.1, 1.1] as uPlot.Range.MinMax } } : {}),
    },
    cursor: { drag: { x: true, y: false } },
    legend: { live: true },
    hooks: {
      setSelect: [
        (plot) => {
          if (plot.select.width > 0) onZoom?.();
        },
      ],
    },
    axes: [
      axisStyle,
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
