import type { PlacedLocation } from '@vigil/contracts';
import type Konva from 'konva';
import { useEffect, useRef } from 'react';
import { Circle, Group, Label, Rect, Tag, Text, Transformer } from 'react-konva';
import type { Outline } from '../model/draft';
import { dotStyleOf, type DotState } from '../model/dot-state';
import type { Point } from '../model/view';

/** A device dot as the canvas draws it. */
export interface MapDot {
  id: string;
  name: string;
  imageX: number;
  imageY: number;
  state: DotState;
  /** A match of the device search. */
  highlighted: boolean;
  /** The search is on and this device does not match it. */
  dimmed: boolean;
}

/** The canvas colours of a theme. */
export interface CanvasPalette {
  background: string;
  outline: string;
  outlineFill: string;
  text: string;
  /** Behind location names: the plan's image is light or dark whatever the theme. */
  label: string;
  pending: string;
  highlight: string;
}

export const palettes: Record<'light' | 'dark', CanvasPalette> = {
  light: {
    background: '#f1f3f5',
    outline: '#1864ab',
    outlineFill: 'rgba(24, 100, 171, 0.07)',
    text: '#1a1b1e',
    label: 'rgba(255, 255, 255, 0.88)',
    pending: '#e8590c',
    highlight: '#1971c2',
  },
  dark: {
    background: '#141517',
    outline: '#74c0fc',
    outlineFill: 'rgba(116, 192, 252, 0.09)',
    text: '#e9ecef',
    label: 'rgba(26, 27, 30, 0.85)',
    pending: '#ffa94d',
    highlight: '#4dabf7',
  },
};

/** Shapes keep their size on screen at any zoom: sizes are divided by the stage's scale. */
interface Scaled {
  scale: number;
  palette: CanvasPalette;
}

export function LocationShape({ location, scale, palette }: Scaled & { location: PlacedLocation }) {
  return (
    <Group listening={false}>
      <Rect
        x={location.imageX}
        y={location.imageY}
        width={location.imageWidth}
        height={location.imageHeight}
        stroke={palette.outline}
        strokeWidth={2 / scale}
        fill={palette.outlineFill}
        cornerRadius={4 / scale}
      />
      <Label x={location.imageX} y={location.imageY - 22 / scale}>
        <Tag fill={palette.label} cornerRadius={3 / scale} />
        <Text
          text={location.title}
          padding={3 / scale}
          fontSize={13 / scale}
          fontStyle="bold"
          fill={palette.text}
        />
      </Label>
    </Group>
  );
}

export function DeviceDot({
  dot,
  radius,
  scale,
  palette,
}: Scaled & { dot: MapDot; radius: number }) {
  const style = dotStyleOf(dot.state);
  const r = radius / scale;
  return (
    <Group x={dot.imageX} y={dot.imageY} opacity={dot.dimmed ? 0.3 : 1} listening={false}>
      {dot.state === 'alarm' && <Circle radius={r * 2.2} fill={style.fill} opacity={0.3} />}
      {dot.highlighted && (
        <Circle radius={r + 4 / scale} stroke={palette.highlight} strokeWidth={2.5 / scale} />
      )}
      <Circle
        radius={r}
        fill={style.fill}
        stroke={style.stroke}
        strokeWidth={(style.dash ? 2 : 1.5) / scale}
        dash={style.dash?.map((length) => length / scale)}
      />
    </Group>
  );
}

interface PendingOutlineProps extends Scaled {
  title: string;
  outline: Outline;
  onChange: (outline: Outline) => void;
}

/** The location being placed: dashed, dragged to move, its handles to resize. */
export function PendingOutline({ title, outline, scale, palette, onChange }: PendingOutlineProps) {
  const rect = useRef<Konva.Rect>(null);
  const handles = useRef<Konva.Transformer>(null);
  useEffect(() => {
    if (rect.current) handles.current?.nodes([rect.current]);
  }, []);
  const report = (node: Konva.Rect) => {
    const width = Math.max(10, node.width() * node.scaleX());
    const height = Math.max(10, node.height() * node.scaleY());
    node.scale({ x: 1, y: 1 });
    onChange({
      imageX: Math.round(node.x()),
      imageY: Math.round(node.y()),
      imageWidth: Math.round(width),
      imageHeight: Math.round(height),
    });
  };
  return (
    <>
      <Text
        x={outline.imageX}
        y={outline.imageY - 18 / scale}
        text={title}
        fontSize={13 / scale}
        fontStyle="bold"
        fill={palette.pending}
        listening={false}
      />
      <Rect
        ref={rect}
        x={outline.imageX}
        y={outline.imageY}
        width={outline.imageWidth}
        height={outline.imageHeight}
        stroke={palette.pending}
        strokeWidth={2 / scale}
        dash={[8 / scale, 4 / scale]}
        fill="rgba(232, 89, 12, 0.08)"
        draggable
        onDragEnd={(event) => {
          report(event.target as Konva.Rect);
        }}
        onTransformEnd={(event) => {
          report(event.target as Konva.Rect);
        }}
      />
      <Transformer ref={handles} rotateEnabled={false} keepRatio={false} ignoreStroke />
    </>
  );
}

/** The device being placed or moved. */
export function PendingDot({ at, radius, scale, palette }: Scaled & { at: Point; radius: number }) {
  const r = radius / scale;
  return (
    <Group x={at.x} y={at.y} listening={false}>
      <Circle
        radius={r * 2.2}
        stroke={palette.pending}
        strokeWidth={2 / scale}
        dash={[4 / scale, 3 / scale]}
      />
      <Circle radius={r} fill={palette.pending} />
    </Group>
  );
}
