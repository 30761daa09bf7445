import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { dotStyleOf, type DotState } from '../model/dot-state';

const textColours = { online: 'green', offline: 'red', alarm: 'red', removed: 'teal' } as const;

/** A device state as on the canvas: its dot, then its name. */
export function StateDot({ state, size = 'sm' }: { state: DotState; size?: 'xs' | 'sm' }) {
  const { t } = useTranslation();
  const style = dotStyleOf(state);
  return (
    <Group gap={6} wrap="nowrap">
      <span
        aria-hidden
        style={{
          flex: 'none',
          width: 12,
          height: 12,
          borderRadius: '50%',
          background: style.fill,
          border: `2px ${style.dash ? 'dashed' : 'solid'} ${style.dash ? style.stroke : style.fill}`,
        }}
      />
      <Text
        fz={size}
        c={size === 'sm' ? textColours[state] : undefined}
        fw={size === 'sm' ? 600 : undefined}
        style={{ whiteSpace: 'nowrap' }}
      >
        {t(`map.states.${state}`)}
      </Text>
    </Group>
  );
}
