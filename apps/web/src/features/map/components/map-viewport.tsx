import { Box, Center, Loader, VisuallyHidden } from '@mantine/core';
import { lazy, Suspense, useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { panBy, toPlan, toScreen, zoomIn, zoomOut, type MapView } from '../model/view';
import { DeviceTooltip } from './device-tooltip';
import { CanvasMenu, type MapAction } from './map-actions';
import type { CanvasTarget, MapCanvasProps } from './map-canvas';
import type { MapDot } from './map-shapes';
import type { ReadingTexts } from '../model/readings';

// Konva is its own chunk: the page's controls show while the canvas code loads.
const MapCanvas = lazy(() => import('./map-canvas'));

type CanvasProps = Omit<MapCanvasProps, 'onHover' | 'onContextMenu'>;

interface MapViewportProps extends CanvasProps {
  title: string;
  readingsOf: (id: string) => ReadingTexts;
  /** Owners get the right-click menu. */
  onAction?: (action: MapAction) => void;
  /** Shown over the top of the plan (the placement bar), so the plan does not move under it. */
  children?: ReactNode;
}

const panStep = 48;

/** Arrow keys pan, + and - zoom; Enter places at the centre while placing. */
function keyMove(key: string, view: MapView, centre: { x: number; y: number }) {
  switch (key) {
    case 'ArrowLeft':
      return panBy(view, panStep, 0);
    case 'ArrowRight':
      return panBy(view, -panStep, 0);
    case 'ArrowUp':
      return panBy(view, 0, panStep);
    case 'ArrowDown':
      return panBy(view, 0, -panStep);
    case '+':
    case '=':
      return zoomIn(view, centre);
    case '-':
      return zoomOut(view, centre);
    default:
      return null;
  }
}

const frameStyle = {
  overflow: 'hidden',
  borderRadius: 'var(--mantine-radius-md)',
  border: '1px solid var(--mantine-color-default-border)',
  touchAction: 'none',
} as const;

/** The frame's keys: arrows pan, + and - zoom, Enter or Space places at the centre. */
function useViewportKeys(props: MapViewportProps) {
  const { size, view, placement } = props;
  return (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    const centre = { x: size.width / 2, y: size.height / 2 };
    if (placement && (event.key === 'Enter' || event.key === ' ')) {
      event.preventDefault();
      props.onPlace(toPlan(view, centre));
      return;
    }
    const next = keyMove(event.key, view, centre);
    if (next === null) return;
    event.preventDefault();
    if (next) props.onViewChange(next);
  };
}

/** The Konva canvas, loaded on demand, with a loader until it is. */
function LazyCanvas(props: MapCanvasProps) {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <Center h="100%" role="status">
          <Loader size="sm" aria-label={t('map.canvas.loading')} />
        </Center>
      }
    >
      <MapCanvas {...props} />
    </Suspense>
  );
}

interface HoverTooltipProps extends Pick<MapViewportProps, 'view' | 'size' | 'readingsOf'> {
  dot: MapDot;
}

/** The hovered device's name, state and readings, beside its dot. */
function HoverTooltip({ dot, view, size, readingsOf }: HoverTooltipProps) {
  return (
    <DeviceTooltip
      name={dot.name}
      state={dot.state}
      readings={readingsOf(dot.id)}
      at={toScreen(view, { x: dot.imageX, y: dot.imageY })}
      canvasWidth={size.width}
    />
  );
}

/**
 * The canvas in a focusable frame: keyboard panning and zooming, the hover tooltip and the
 * right-click menu as HTML over it (themed, readable by screen readers).
 */
export function MapViewport(props: MapViewportProps) {
  const { t } = useTranslation();
  const hintId = useId();
  const { size, view, dots, title, readingsOf, onAction } = props;
  const [hoveredId, setHoveredId] = useState<string | null>(null);
  const [menu, setMenu] = useState<{ target: CanvasTarget; at: { x: number; y: number } } | null>(
    null,
  );
  const hovered: MapDot | undefined = dots.find((dot) => dot.id === hoveredId);

  const onKeyDown = useViewportKeys(props);

  return (
    <Box
      pos="relative"
      w={size.width}
      h={size.height}
      maw="100%"
      tabIndex={0}
      role="application"
      aria-roledescription={t('map.canvas.role')}
      aria-label={t('map.canvas.label', { title })}
      aria-describedby={hintId}
      onKeyDown={onKeyDown}
      style={frameStyle}
      data-testid="map-canvas"
      data-zoom={view.scale.toFixed(4)}
      data-offset={`${view.x.toFixed(1)},${view.y.toFixed(1)}`}
    >
      <VisuallyHidden id={hintId}>{t('map.canvas.hint')}</VisuallyHidden>
      <LazyCanvas
        {...props}
        onHover={setHoveredId}
        onContextMenu={
          onAction &&
          ((target, at) => {
            setMenu({ target, at });
          })
        }
      />
      {props.children}
      {hovered && !menu && (
        <HoverTooltip dot={hovered} view={view} size={size} readingsOf={readingsOf} />
      )}
      {onAction && (
        <CanvasMenu
          menu={menu}
          onAction={(action) => {
            setMenu(null);
            onAction(action);
          }}
          onClose={() => {
            setMenu(null);
          }}
        />
      )}
    </Box>
  );
}
