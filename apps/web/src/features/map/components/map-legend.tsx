import { Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DotState } from '../model/dot-state';
import { StateDot } from './state-dot';

const states: readonly DotState[] = ['online', 'offline', 'alarm', 'removed'];

/** What the dot colours mean. */
export function MapLegend() {
  const { t } = useTranslation();
  return (
    <Group gap="md" mt="xs" wrap="wrap" aria-label={t('map.legend')} role="list">
      {states.map((state) => (
        <div key={state} role="listitem">
          <StateDot state={state} size="xs" />
        </div>
      ))}
    </Group>
  );
}
