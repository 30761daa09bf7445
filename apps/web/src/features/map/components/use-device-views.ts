import type { Device, MapItem, TemperatureUnit } from '@vigil/contracts';
import { useMemo } from 'react';
import type { LiveReadings } from '../api/live-map';
import type { MapDraft } from '../model/draft';
import { deviceViews } from '../model/placed-devices';
import { searchDevices } from '../model/search';
import type { MapDot } from './map-shapes';

interface Sources {
  draft: MapDraft | undefined;
  map: MapItem | undefined;
  devices: readonly Device[];
  live: LiveReadings;
  unit: TemperatureUnit;
  search: string;
}

/**
 * The draft's devices as the list, tooltip and canvas show them: live state and readings, and
 * the search's matches (highlighted, the others dimmed).
 */
export function useDeviceViews({ draft, map, devices, live, unit, search }: Sources) {
  const rows = useMemo(
    () =>
      deviceViews(draft?.devices ?? [], {
        stored: map?.deviceSettings ?? [],
        devices,
        locations: draft?.locations ?? [],
        live,
        unit,
      }),
    [draft, map, devices, live, unit],
  );
  const matches = searchDevices(rows, search);
  const matched = matches && new Set(matches.map((row) => row.id));
  const dots: MapDot[] = rows.map((row) => ({
    ...row,
    highlighted: matched?.has(row.id) ?? false,
    dimmed: matched !== undefined && !matched.has(row.id),
  }));
  return { rows, matches, dots };
}
