import 'uplot/dist/uPlot.min.css';
import { Box, Text, useComputedColorScheme } from '@mantine/core';
import type { TemperatureUnit } from '@vigil/contracts';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import { alignedDataOf, groupUnit, type ChartGroup } from '../chart/chart-groups';
import { chartOptionsOf, type ChartTexts } from '../chart/chart-options';
import type { Threshold } from '../chart/thresholds';
import { formatTick } from '../../../lib/format';
import { formatReadingTime } from '../raw-format';

interface MetricChartProps {
  group: ChartGroup;
  xs: number[];
  unit: TemperatureUnit;
  height: number;
  /** The range asked for, in epoch seconds: the time axis spans it. */
  xWindow: [number, number];
  /** The device's alarm bounds on this chart. */
  thresholds?: readonly Threshold[];
}

const noThresholds: readonly Threshold[] = [];

/** A performance mark when the page's first chart is drawn: `npm run bench:web` reads it. */
export const firstChartMark = 'vigil:first-chart-drawn';
function markFirstChart(plot: uPlot) {
  if (plot.data[0].length === 0 || performance.getEntriesByName(firstChartMark).length > 0) return;
  performance.mark(firstChartMark);
}

/** The chart's words in the interface language: series names, bounds, states, times. */
function useChartTexts(shape: string, groupId: ChartGroup['id']) {
  const { t } = useTranslation();
  return useMemo((): ChartTexts => {
    const names: Record<string, string> = {};
    for (const key of shape.split(',')) {
      const metric = key.replace('±', '');
      names[metric] = t(`deviceData.metrics.${metric}` as 'deviceData.metrics.t');
    }
    return {
      time: t('deviceData.raw.time'),
      names,
      min: (name) => t('deviceData.graph.min', { name }),
      max: (name) => t('deviceData.graph.max', { name }),
      notAvailable: t('common.notAvailable'),
      states:
        groupId === 'door'
          ? [t('deviceData.states.closed'), t('deviceData.states.open')]
          : [t('deviceData.states.low'), t('deviceData.states.present')],
      formatTime: (seconds) => formatReadingTime(new Date(seconds * 1000).toISOString()),
      formatTick: (seconds, step, withDate) => formatTick(new Date(seconds * 1000), step, withDate),
      threshold: (line, value) =>
        t(`deviceData.graph.threshold.${line.bound}`, { alarm: line.alarm, value }),
    };
  }, [t, shape, groupId]);
}

interface PlotSettings {
  group: ChartGroup;
  /** The series' keys: the chart is rebuilt when they change. */
  shape: string;
  suffix: string;
  height: number;
  texts: ChartTexts;
  thresholds: readonly Threshold[];
  data: uPlot.AlignedData;
  xWindow: [number, number];
}

/**
 * The uPlot instance in the returned container: rebuilt when its series, theme, unit, size,
 * language or thresholds change; new data only redraws (keeping a zoom until a double-click).
 */
function useMetricPlot(settings: PlotSettings) {
  const { group, shape, suffix, height, texts, thresholds, data, xWindow } = settings;
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const containerRef = useRef<HTMLDivElement>(null);
  const plotRef = useRef<uPlot | null>(null);
  const dataRef = useRef(data);
  const windowRef = useRef(xWindow);
  // While zoomed, new data keeps the zoom (a live point every few seconds would undo it).
  const zoomedRef = useRef(false);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return undefined;
    const options = chartOptionsOf({
      group: { ...group },
      unit: suffix,
      scheme,
      width: container.clientWidth || 600,
      height,
      texts,
      onZoom: () => {
        zoomedRef.current = true;
      },
      xWindow: () => windowRef.current,
      thresholds,
    });
    zoomedRef.current = false;
    options.hooks = { ...options.hooks, draw: [...(options.hooks?.draw ?? []), markFirstChart] };
    const plot = new uPlot(options, dataRef.current, container);
    plotRef.current = plot;
    const observer = new ResizeObserver((entries) => {
      const width = entries[0]?.contentRect.width;
      if (width) plot.setSize({ width, height });
    });
    observer.observe(container);
    // uPlot resets the zoom on a double-click; new data may rescale again from then on.
    const unzoom = () => {
      zoomedRef.current = false;
    };
    container.addEventListener('dblclick', unzoom);
    return () => {
      container.removeEventListener('dblclick', unzoom);
      observer.disconnect();
      plot.destroy();
      plotRef.current = null;
    };
    // `group` is read for its shape only; its values arrive through setData below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shape, suffix, scheme, height, texts, thresholds]);

  useEffect(() => {
    windowRef.current = xWindow;
    dataRef.current = data;
    plotRef.current?.setData(data, !zoomedRef.current);
  }, [data, xWindow]);

  return containerRef;
}

/** One uPlot chart of a metric group, as wide as its container (followed with a ResizeObserver). */
export function MetricChart(props: MetricChartProps) {
  const { group, xs, unit, height, xWindow, thresholds = noThresholds } = props;
  const { t } = useTranslation();
  const data = useMemo(() => alignedDataOf(xs, group) as uPlot.AlignedData, [xs, group]);
  const suffix = groupUnit(group.id, unit);
  const title = t(`deviceData.groups.${group.id}`);
  // The chart is rebuilt when its series, theme, unit or language change; new data only redraws.
  const shape = group.series.map((series) => `${series.key}${series.band ? '±' : ''}`).join(',');
  const texts = useChartTexts(shape, group.id);
  const plot = { group, shape, suffix, height, texts, thresholds, data, xWindow };
  const containerRef = useMetricPlot(plot);

  return (
    <Box component="figure" m={0} aria-label={t('deviceData.graph.chartLabel', { group: title })}>
      <Text component="figcaption" fw={600} size="sm" mb={4}>
        {suffix ? `${title} (${suffix})` : title}
      </Text>
      <Box ref={containerRef} w="100%" style={{ minHeight: height }} data-testid="metric-chart" />
    </Box>
  );
}
