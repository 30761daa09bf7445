import type { MapItem } from '@vigil/contracts';
import { useMemo, useState } from 'react';
import {
  commitPlacement,
  draftOf,
  hasStoredView,
  placeAt,
  type MapDraft,
  type Outline,
  type Placement,
} from '../model/draft';
import { fitView, type MapView, type Point, type Size } from '../model/view';

/** Below this width the plan opens fitted to the canvas. */
export const compactCanvasWidth = 600;

/**
 * The selected map and what the owner changed on it since it was loaded or saved: the draft
 * of each map (kept per map, so switching maps loses nothing), the view and the placement
 * under way. Without changes the draft and view are those of the map as stored.
 */
export function useMapEditor(maps: readonly MapItem[] | undefined, canvas: Size) {
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [drafts, setDrafts] = useState<Record<string, MapDraft>>({});
  const [views, setViews] = useState<Record<string, MapView>>({});
  const [placement, setPlacement] = useState<Placement | null>(null);

  // Spec monitoring 7: the first map is selected when none is chosen.
  const map = maps?.find((item) => item.id === chosenId) ?? maps?.[0];
  const stored = useMemo(() => (map ? draftOf(map) : undefined), [map]);
  const draft = (map && drafts[map.id]) ?? stored;
  const image = map ? { width: map.imageWidth, height: map.imageHeight } : { width: 0, height: 0 };
  // A phone-sized canvas shows the whole plan first, whatever view the owner saved.
  const storedView: MapView =
    map && hasStoredView(map) && canvas.width >= compactCanvasWidth
      ? { ...map.imageSettings, scale: map.scale }
      : fitView(image, canvas);
  const view = (map && views[map.id]) ?? storedView;

  const forget = (id: string) => {
    setDrafts(({ [id]: _draft, ...rest }) => rest);
    setViews(({ [id]: _view, ...rest }) => rest);
  };

  return {
    map,
    draft,
    view,
    placement,
    dirty: map !== undefined && drafts[map.id] !== undefined,
    /** Changes on any map not saved yet, or a placement under way. */
    unsaved: Object.keys(drafts).length > 0 || placement !== null,
    choose: (id: string | null) => {
      setChosenId(id);
      setPlacement(null);
    },
    setView: (next: MapView) => {
      if (map) setViews((current) => ({ ...current, [map.id]: next }));
    },
    change: (update: (draft: MapDraft) => MapDraft) => {
      if (map && draft) setDrafts((current) => ({ ...current, [map.id]: update(draft) }));
    },
    startPlacement: setPlacement,
    place: (point: Point) => {
      setPlacement((current) => current && placeAt(current, point, image));
    },
    reshape: (outline: Outline) => {
      setPlacement((current) => (current?.kind === 'location' ? { ...current, outline } : current));
    },
    /** Done: false while nothing was clicked yet. */
    commit: (): boolean => {
      if (!map || !draft || !placement) return false;
      const next = commitPlacement(draft, placement, view);
      if (!next) return false;
      setDrafts((current) => ({ ...current, [map.id]: next }));
      setPlacement(null);
      return true;
    },
    cancelPlacement: () => {
      setPlacement(null);
    },
    /** Reset, or after a save or delete: the map as stored. */
    forget,
  };
}

export type MapEditor = ReturnType<typeof useMapEditor>;
