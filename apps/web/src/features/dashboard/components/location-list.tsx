import { ActionIcon, Badge, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { Location } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { useRenameLocation } from '../api/location-mutations';
import { notifySuccess } from '../../../lib/notify';
import { EditableName } from './editable-name';
import { SelectableRow } from './selectable-row';

interface LocationListProps {
  locations: Location[];
  /** The search left nothing of a non-empty list. */
  filtered: boolean;
  selectedId: string | null;
  canEdit: boolean;
  onSelect: (id: string | null) => void;
  onDelete: (location: Location) => void;
}

/** The locations with their device counts: select (again to show all devices), rename, delete. */
export function LocationList(props: LocationListProps) {
  const { locations, filtered, selectedId, canEdit, onSelect, onDelete } = props;
  const { t } = useTranslation();
  const rename = useRenameLocation();
  if (locations.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {filtered ? t('dashboard.locations.noMatches') : t('dashboard.locations.noLocations')}
      </Text>
    );
  }
  return (
    <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }}>
      {locations.map((location) => (
        <li key={location.id}>
          <EditableName
            name={location.name}
            editable={canEdit}
            onSave={(name) =>
              rename.mutateAsync({ id: location.id, name }).then(() => {
                notifySuccess(t('dashboard.locations.updated'));
              })
            }
            actions={
              canEdit && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('dashboard.locations.delete', { name: location.name })}
                  onClick={() => {
                    onDelete(location);
                  }}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              )
            }
          >
            <SelectableRow
              selected={selectedId === location.id}
              onSelect={() => {
                onSelect(selectedId === location.id ? null : location.id);
              }}
            >
              <Text size="sm" style={{ flex: 1, overflowWrap: 'anywhere' }}>
                {location.name}
                <VisuallyHidden component="span">
                  , {t('dashboard.locations.deviceCount', { count: location.deviceCount })}
                </VisuallyHidden>
              </Text>
              <Badge size="sm" variant="light" color="gray" aria-hidden>
                {location.deviceCount}
              </Badge>
            </SelectableRow>
          </EditableName>
        </li>
      ))}
    </Stack>
  );
}
