import { ActionIcon, Box, Menu } from '@mantine/core';
import { IconArrowsMove, IconDots, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Point } from '../model/view';
import type { CanvasTarget } from './map-canvas';

/** What an owner can do to a placed location or device (spec monitoring 2: right-click menu). */
export type MapActionKind = 'addDevice' | 'removeLocation' | 'move' | 'removeDevice';
export interface MapAction {
  kind: MapActionKind;
  id: string;
}

const actionsOf: Record<CanvasTarget['kind'], readonly MapActionKind[]> = {
  location: ['addDevice', 'removeLocation'],
  device: ['move', 'removeDevice'],
};

const icons = {
  addDevice: IconPlus,
  removeLocation: IconTrash,
  move: IconArrowsMove,
  removeDevice: IconTrash,
} as const;

function ActionItems({
  target,
  onAction,
}: {
  target: CanvasTarget;
  onAction: (action: MapAction) => void;
}) {
  const { t } = useTranslation();
  return actionsOf[target.kind].map((kind) => {
    const Icon = icons[kind];
    return (
      <Menu.Item
        key={kind}
        leftSection={<Icon size={16} />}
        color={kind === 'removeLocation' || kind === 'removeDevice' ? 'red' : undefined}
        onClick={() => {
          onAction({ kind, id: target.id });
        }}
      >
        {t(`map.menu.${kind}`)}
      </Menu.Item>
    );
  });
}

/** The right-click menu, opened where the canvas was clicked. */
export function CanvasMenu(props: {
  menu: { target: CanvasTarget; at: Point } | null;
  onAction: (action: MapAction) => void;
  onClose: () => void;
}) {
  const { menu, onAction, onClose } = props;
  return (
    <Menu
      opened={menu !== null}
      onChange={(opened) => {
        if (!opened) onClose();
      }}
      position="bottom-start"
      offset={2}
      trapFocus
      returnFocus
    >
      <Menu.Target>
        {/* A point on the canvas to anchor the menu, not a control: hidden from readers. */}
        <Box aria-hidden pos="absolute" left={menu?.at.x ?? 0} top={menu?.at.y ?? 0} w={1} h={1} />
      </Menu.Target>
      <Menu.Dropdown>
        {menu && <ActionItems target={menu.target} onAction={onAction} />}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The same actions from a list row, for keyboards and screen readers. */
export function RowActions(props: {
  target: CanvasTarget;
  name: string;
  onAction: (action: MapAction) => void;
}) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={t('map.menu.label', { name: props.name })}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <ActionItems target={props.target} onAction={props.onAction} />
      </Menu.Dropdown>
    </Menu>
  );
}
