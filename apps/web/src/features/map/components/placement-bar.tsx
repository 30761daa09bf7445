import { Alert, Button, Group, Text } from '@mantine/core';
import { IconClick } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Placement } from '../model/draft';

interface PlacementBarProps {
  placement: Placement;
  onDone: () => void;
  onRemove: () => void;
}

const nameOf = (placement: Placement) =>
  placement.kind === 'location' ? placement.title : placement.name;

const placed = (placement: Placement) =>
  placement.kind === 'location' ? placement.outline !== undefined : placement.at !== undefined;

/** Spec monitoring 4: click to place, then Done commits or Remove cancels. */
export function PlacementBar({ placement, onDone, onRemove }: PlacementBarProps) {
  const { t } = useTranslation();
  return (
    <Alert
      variant="filled"
      color="orange"
      radius="md"
      icon={<IconClick size={20} />}
      pos="absolute"
      top={8}
      left={8}
      right={8}
      py={6}
      style={{ zIndex: 2, opacity: 0.95 }}
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text fz="sm" role="status">
          {placed(placement)
            ? t('map.placement.adjust', { name: nameOf(placement) })
            : t(`map.placement.${placement.kind}`, { name: nameOf(placement) })}
        </Text>
        <Group gap="xs">
          <Button size="xs" variant="white" color="dark" onClick={onDone}>
            {t('map.placement.done')}
          </Button>
          <Button size="xs" variant="outline" color="white" onClick={onRemove}>
            {t('map.placement.remove')}
          </Button>
        </Group>
      </Group>
    </Alert>
  );
}
