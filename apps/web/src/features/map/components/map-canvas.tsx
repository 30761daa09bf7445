import type { PlacedLocation } from '@vigil/contracts';
import Konva from 'konva';
import { useEffect, useRef, useState } from 'react';
import { Image as KonvaImage, Layer, Stage } from 'react-konva';
import type { Outline, Placement } from '../model/draft';
import { deviceAt, locationAt } from '../model/hit-test';
import {
  pinchOf,
  pinchZoom,
  toPlan,
  wheelPixels,
  wheelZoom,
  type MapView,
  type Pinch,
  type Point,
  type Size,
} from '../model/view';
import {
  DeviceDot,
  LocationShape,
  PendingDot,
  PendingOutline,
  palettes,
  type MapDot,
} from './map-shapes';

// Touch: the second finger's moves must reach the stage while the first one drags it (pinch).
Konva.hitOnDragEnabled = true;

export interface CanvasTarget {
  kind: 'location' | 'device';
  id: string;
}

export interface MapCanvasProps {
  size: Size;
  view: MapView;
  onViewChange: (view: MapView) => void;
  /** The plan: its (signed) link, its size in pixels and the map it belongs to. */
  plan: { mapId: string; src: string; width: number; height: number };
  locations: readonly PlacedLocation[];
  dots: readonly MapDot[];
  radius: number;
  placement: Placement | null;
  onPlace: (point: Point) => void;
  onOutlineChange: (outline: Outline) => void;
  /** The device under the pointer (or tapped), or none. */
  onHover: (deviceId: string | null) => void;
  /** Owners: a right-click on a location or device, at a point of the canvas. */
  onContextMenu?: (target: CanvasTarget, at: Point) => void;
  scheme: 'light' | 'dark';
}

/** The plan's image, kept while the next link of the same map loads (links are re-signed). */
function usePlanImage(mapId: string, src: string): HTMLImageElement | undefined {
  const [loaded, setLoaded] = useState<{ mapId: string; image: HTMLImageElement }>();
  useEffect(() => {
    const image = new window.Image();
    image.onload = () => {
      setLoaded({ mapId, image });
    };
    image.src = src;
    return () => {
      image.onload = null;
    };
  }, [mapId, src]);
  return loaded?.mapId === mapId ? loaded.image : undefined;
}

const touchPoint = (stage: Konva.Stage, touch: Touch): Point => {
  const box = stage.container().getBoundingClientRect();
  return { x: touch.clientX - box.left, y: touch.clientY - box.top };
};

/** Wheel and pinch zoom, drag-pan: the view follows the person's hands. */
function useGestures(view: MapView, onViewChange: (view: MapView) => void) {
  const pinch = useRef<Pinch | null>(null);
  const [pinching, setPinching] = useState(false);
  const onWheel = (event: Konva.KonvaEventObject<WheelEvent>) => {
    event.evt.preventDefault();
    const stage = event.target.getStage();
    const pointer = stage?.getPointerPosition();
    if (!stage || !pointer) return;
    const { deltaY, deltaMode } = event.evt;
    const next = wheelZoom(view, wheelPixels(deltaY, deltaMode, stage.height()), pointer);
    if (next) onViewChange(next);
  };
  const onDragMove = (event: Konva.KonvaEventObject<DragEvent>) => {
    const stage = event.target;
    if (stage !== stage.getStage()) return;
    onViewChange({ ...view, x: stage.x(), y: stage.y() });
  };
  const onTouchMove = (event: Konva.KonvaEventObject<TouchEvent>) => {
    const stage = event.target.getStage();
    const [a, b] = Array.from((event.evt.touches as TouchList | undefined) ?? []);
    if (!stage || !a || !b) return;
    event.evt.preventDefault();
    if (stage.isDragging()) stage.stopDrag();
    const now = pinchOf(touchPoint(stage, a), touchPoint(stage, b));
    const from = pinch.current;
    pinch.current = now;
    if (!pinching) setPinching(true);
    const next = from && pinchZoom(view, from, now);
    if (next) onViewChange(next);
  };
  const onTouchEnd = (event: Konva.KonvaEventObject<TouchEvent>) => {
    if (((event.evt.touches as TouchList | undefined)?.length ?? 0) >= 2) return;
    pinch.current = null;
    setPinching(false);
  };
  return { pinching, onWheel, onDragMove, onTouchMove, onTouchEnd };
}

/** The pointer on the plan: hover a dot, place what is being placed, right-click for actions. */
function usePointer(props: MapCanvasProps) {
  const { view, locations, dots, radius, placement } = props;
  const hovered = useRef<string | null>(null);
  const pointed = (event: Konva.KonvaEventObject<Event>) => {
    const pointer = event.target.getStage()?.getPointerPosition();
    return pointer ? { screen: pointer, plan: toPlan(view, pointer) } : undefined;
  };
  const hover = (id: string | null) => {
    if (hovered.current === id) return;
    hovered.current = id;
    props.onHover(id);
  };
  const pointAt = (event: Konva.KonvaEventObject<Event>) => {
    const at = pointed(event);
    if (!at) return;
    if (placement) props.onPlace(at.plan);
    else hover(deviceAt(dots, at.plan, radius, view.scale)?.id ?? null);
  };
  return {
    onMouseMove: (event: Konva.KonvaEventObject<MouseEvent>) => {
      const at = pointed(event);
      if (at) hover(deviceAt(dots, at.plan, radius, view.scale)?.id ?? null);
    },
    onMouseLeave: () => {
      hover(null);
    },
    onClick: (event: Konva.KonvaEventObject<MouseEvent>) => {
      if (event.evt.button === 0) pointAt(event);
    },
    onTap: pointAt,
    onContextMenu: (event: Konva.KonvaEventObject<PointerEvent>) => {
      event.evt.preventDefault();
      const at = pointed(event);
      if (!at || !props.onContextMenu || placement) return;
      const device = deviceAt(dots, at.plan, radius, view.scale);
      const location = device ? undefined : locationAt(locations, at.plan);
      if (device) props.onContextMenu({ kind: 'device', id: device.id }, at.screen);
      else if (location) props.onContextMenu({ kind: 'location', id: location.id }, at.screen);
    },
  };
}

/** The floor plan with its location outlines and device dots, drawn with Konva. */
export default function MapCanvas(props: MapCanvasProps) {
  const { size, view, plan, locations, dots, radius, placement, scheme } = props;
  const image = usePlanImage(plan.mapId, plan.src);
  const gestures = useGestures(view, props.onViewChange);
  const pointer = usePointer(props);
  const palette = palettes[scheme];
  const scaled = { scale: view.scale, palette };

  return (
    <Stage
      width={size.width}
      height={size.height}
      x={view.x}
      y={view.y}
      scaleX={view.scale}
      scaleY={view.scale}
      draggable={!gestures.pinching}
      style={{ background: palette.background, cursor: placement ? 'crosshair' : 'grab' }}
      onWheel={gestures.onWheel}
      onDragMove={gestures.onDragMove}
      onTouchMove={gestures.onTouchMove}
      onTouchEnd={gestures.onTouchEnd}
      {...pointer}
    >
      <Layer>
        {image && (
          <KonvaImage image={image} width={plan.width} height={plan.height} listening={false} />
        )}
        {locations.map((location) => (
          <LocationShape key={location.id} location={location} {...scaled} />
        ))}
        {dots.map((dot) => (
          <DeviceDot key={dot.id} dot={dot} radius={radius} {...scaled} />
        ))}
        {placement?.kind === 'location' && placement.outline && (
          <PendingOutline
            key={placement.id}
            title={placement.title}
            outline={placement.outline}
            onChange={props.onOutlineChange}
            {...scaled}
          />
        )}
        {placement && placement.kind !== 'location' && placement.at && (
          <PendingDot at={placement.at} radius={radius} {...scaled} />
        )}
      </Layer>
    </Stage>
  );
}
