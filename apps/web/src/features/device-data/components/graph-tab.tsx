import { Alert, Center, Group, Loader, SegmentedControl, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { TemperatureUnit } from '@vigil/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeviceAlarmsForChart } from '../api/get-device-alarms';
import { useDeviceGraph } from '../api/get-device-graph';
import { chartModelOf, type ChartView } from '../chart/chart-groups';
import { thresholdsOf } from '../chart/thresholds';
import { isNoGraph, windowOf, type RangeChoice } from '../ranges';
import { MetricChart } from './metric-chart';

interface GraphTabProps {
  deviceId: string;
  choice: RangeChoice;
  unit: TemperatureUnit;
}

/** Spec monitoring 2: the chart height is 400; stacked charts of a many-sensor device are lower. */
const chartHeight = (groups: number, small: boolean) => {
  if (small) return 260;
  return groups > 1 ? 300 : 400;
};

/** The chart's x range, recomputed with each new reading or refetch so that a sliding range slides. */
function useXWindow(choice: RangeChoice) {
  const { from, to } = windowOf(choice);
  const fromSeconds = from.getTime() / 1000;
  const toSeconds = to.getTime() / 1000;
  return useMemo((): [number, number] => [fromSeconds, toSeconds], [fromSeconds, toSeconds]);
}

/** The graph's loader, or its error. */
function GraphPending({ failed }: { failed: boolean }) {
  const { t } = useTranslation();
  return (
    <Center mih={200}>
      {failed ? (
        <Text c="red">{t('deviceData.graph.error')}</Text>
      ) : (
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text>{t('deviceData.graph.loading')}</Text>
        </Group>
      )}
    </Center>
  );
}

interface GraphHeaderProps {
  hasViews: boolean;
  view: ChartView;
  onView: (view: ChartView) => void;
}

/** The zoom hint and, for a device with a probe and ambient sensors, the view switch. */
function GraphHeader({ hasViews, view, onView }: GraphHeaderProps) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" wrap="wrap" gap="xs">
      <Text size="xs" c="dimmed">
        {t('deviceData.graph.hint')}
      </Text>
      {hasViews && (
        <SegmentedControl
          size="xs"
          aria-label={t('deviceData.graph.viewLabel')}
          value={view}
          onChange={(value) => {
            onView(value === 'ambient' ? 'ambient' : 'probe');
          }}
          data={[
            { value: 'probe', label: t('deviceData.graph.probe') },
            { value: 'ambient', label: t('deviceData.graph.ambient') },
          ]}
        />
      )}
    </Group>
  );
}

/** The Graph tab: one uPlot chart per metric group of the device's readings in the range. */
export function GraphTab({ deviceId, choice, unit }: GraphTabProps) {
  const { t } = useTranslation();
  const noGraph = isNoGraph(choice);
  const graph = useDeviceGraph(deviceId, choice, !noGraph);
  const [view, setView] = useState<ChartView>('probe');
  const small = useMediaQuery('(max-width: 480px)');
  const model = useMemo(
    () => (graph.data ? chartModelOf(graph.data, unit, view) : undefined),
    [graph.data, unit, view],
  );
  const alarms = useDeviceAlarmsForChart(deviceId).data?.list;
  const thresholds = useMemo(() => thresholdsOf(alarms ?? [], unit), [alarms, unit]);

  const xWindow = useXWindow(choice);

  if (noGraph) {
    return (
      <Alert color="yellow" data-testid="no-graph">
        {t('deviceData.graph.noGraph')}
      </Alert>
    );
  }
  if (!model) return <GraphPending failed={graph.isError} />;
  return (
    <Stack gap="md">
      <GraphHeader
        hasViews={model.hasViews}
        view={view}
        onView={(value) => {
          setView(value);
        }}
      />
      {model.groups.length === 0 ? (
        <Center mih={200}>
          <Text c="dimmed">{t('deviceData.graph.empty')}</Text>
        </Center>
      ) : (
        model.groups.map((group) => (
          <MetricChart
            key={group.id}
            group={group}
            xs={model.xs}
            unit={unit}
            height={chartHeight(model.groups.length, small)}
            xWindow={xWindow}
            thresholds={thresholds[group.id]}
          />
        ))
      )}
    </Stack>
  );
}
