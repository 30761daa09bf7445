import { useQueryClient } from '@tanstack/react-query';
import type { LiveDataEvent } from '@vigil/contracts';
import { useLiveEvent, type LiveChannel } from '../../../lib/socket';
import { appendPoint, readingToPoint, type Graph } from '../chart/point-buffer';
import { liveChartCap, slidingSpanOf, type RangeChoice } from '../ranges';
import { deviceGraphKey } from './get-device-graph';

/**
 * The socket feeds the chart's cache (STYLE 9): in live mode each `liveData` reading is appended
 * (at most about 700 points, the oldest dropped); on presets each `graphData` reading is appended
 * and the window slides. Custom ranges do not move.
 */
export function useLiveGraphFeed(channel: LiveChannel, deviceId: string, choice: RangeChoice) {
  const queryClient = useQueryClient();
  const append = (event: LiveDataEvent) => {
    // The channel is the device's room; a stray event of another device is ignored.
    if (event.id !== deviceId) return;
    const point = readingToPoint(event.reading);
    const spanMs = slidingSpanOf(choice.key);
    queryClient.setQueryData<Graph>(deviceGraphKey(deviceId, choice), (graph) =>
      graph
        ? appendPoint(
            graph,
            point,
            choice.key === 'live' ? { cap: liveChartCap } : spanMs === undefined ? {} : { spanMs },
          )
        : graph,
    );
  };
  useLiveEvent(channel, 'liveData', (event) => {
    if (choice.key === 'live') append(event);
  });
  useLiveEvent(channel, 'graphData', (event) => {
    if (choice.key !== 'live' && choice.key !== 'custom') append(event);
  });
}
