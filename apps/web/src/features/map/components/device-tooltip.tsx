import { Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DotState } from '../model/dot-state';
import type { ReadingTexts } from '../model/readings';
import type { Point } from '../model/view';

interface DeviceTooltipProps {
  name: string;
  state: DotState;
  readings: ReadingTexts;
  /** The dot on the canvas. */
  at: Point;
  canvasWidth: number;
}

const width = 220;

/** The hover tooltip: device name and readings, NA for a missing one (spec monitoring 2, 3). */
export function DeviceTooltip({ name, state, readings, at, canvasWidth }: DeviceTooltipProps) {
  const { t } = useTranslation();
  const left = Math.min(Math.max(4, at.x - width / 2), Math.max(4, canvasWidth - width - 4));
  const below = at.y < 130;
  return (
    <Paper
      role="tooltip"
      id="map-device-tooltip"
      shadow="md"
      withBorder
      p="xs"
      radius="md"
      w={width}
      pos="absolute"
      left={left}
      top={below ? at.y + 16 : undefined}
      bottom={below ? undefined : `calc(100% - ${String(at.y - 16)}px)`}
      style={{ pointerEvents: 'none', zIndex: 3 }}
    >
      <Stack gap={2}>
        <Text fw={650} fz="sm" lineClamp={2}>
          {name}
        </Text>
        <Text fz="xs" c={state === 'online' ? 'green' : state === 'removed' ? 'teal' : 'red'}>
          {t(`map.states.${state}`)}
        </Text>
        {state === 'removed' && (
          <Text fz="xs" c="dimmed">
            {t('map.removedNote')}
          </Text>
        )}
        {(['temperature', 'humidity', 'carbon'] as const).map((metric) => (
          <Text key={metric} fz="xs">
            {t(`map.readings.${metric}`)}: {readings[metric] ?? t('map.readings.na')}
          </Text>
        ))}
      </Stack>
    </Paper>
  );
}
