import {
  ActionIcon,
  Group,
  Paper,
  Select,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconSearch,
  IconVolume,
  IconVolumeOff,
  IconZoomIn,
  IconZoomOut,
} from '@tabler/icons-react';
import type { MapItem } from '@vigil/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface MapToolbarProps {
  maps: readonly MapItem[];
  selectedId: string | undefined;
  onSelect: (id: string) => void;
  search: string;
  onSearch: (value: string) => void;
  onZoomIn: () => void;
  onZoomOut: () => void;
  muted: boolean;
  onToggleMute: () => void;
  /** An alarm sound is due (it plays unless muted). */
  sounding: boolean;
  /** The owner's controls. */
  children?: ReactNode;
}

/** The map dropdown, device search, zoom buttons and speaker toggle (spec monitoring 2). */
export function MapToolbar(props: MapToolbarProps) {
  const { t } = useTranslation();
  const { maps } = props;
  return (
    <Paper withBorder radius="lg" p="sm" mb="sm">
      <Group gap="sm" wrap="wrap" align="flex-end">
        <Select
          label={t('map.chooseMap')}
          placeholder={t('map.chooseMapPlaceholder')}
          data={maps.map((map) => ({ value: map.id, label: map.title }))}
          value={props.selectedId ?? null}
          onChange={(value) => {
            if (value) props.onSelect(value);
          }}
          allowDeselect={false}
          maxDropdownHeight={300}
          w={{ base: '100%', xs: 220 }}
          disabled={maps.length === 0}
        />
        <TextInput
          label={t('map.search')}
          description={t('map.searchHint')}
          leftSection={<IconSearch size={16} />}
          value={props.search}
          onChange={(event) => {
            props.onSearch(event.currentTarget.value);
          }}
          w={{ base: '100%', xs: 220 }}
          type="search"
        />
        <ViewButtons {...props} />
        {props.children}
      </Group>
    </Paper>
  );
}

/** Zoom out and in, and the speaker (with the sound's state said to screen readers). */
function ViewButtons(props: MapToolbarProps) {
  const { t } = useTranslation();
  const { muted, sounding } = props;
  const speakerLabel = muted ? t('map.unmute') : t('map.mute');
  return (
    <Group gap={6} wrap="nowrap">
      {(
        [
          ['zoomOut', IconZoomOut, props.onZoomOut],
          ['zoomIn', IconZoomIn, props.onZoomIn],
        ] as const
      ).map(([key, Icon, onClick]) => (
        <Tooltip key={key} label={t(`map.${key}`)}>
          <ActionIcon variant="default" size="lg" aria-label={t(`map.${key}`)} onClick={onClick}>
            <Icon size={18} />
          </ActionIcon>
        </Tooltip>
      ))}
      <Tooltip label={speakerLabel}>
        <ActionIcon
          variant={sounding && !muted ? 'filled' : 'default'}
          color={sounding && !muted ? 'red' : undefined}
          size="lg"
          aria-label={t('map.sound')}
          aria-pressed={!muted}
          data-sounding={sounding && !muted ? 'true' : 'false'}
          onClick={props.onToggleMute}
        >
          {muted ? <IconVolumeOff size={18} /> : <IconVolume size={18} />}
        </ActionIcon>
      </Tooltip>
      <VisuallyHidden role="status">
        {sounding && !muted ? t('map.soundPlaying') : ''}
      </VisuallyHidden>
    </Group>
  );
}
