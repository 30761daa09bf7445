import { Badge, Button, Group, NumberInput, Select } from '@mantine/core';
import { IconDeviceFloppy, IconRestore } from '@tabler/icons-react';
import { mapLimits } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { clampRadius } from '../model/radius';

interface OwnerToolsProps {
  radius: number;
  onRadius: (radius: number) => void;
  /** Locations placed on no map (spec monitoring 5). */
  locations: { value: string; label: string }[];
  onAddLocation: (id: string) => void;
  onSave: () => void;
  saving: boolean;
  onReset: () => void;
  dirty: boolean;
  hasMap: boolean;
}

/** super_user: radius, add location, Save and Reset (spec monitoring 2). */
export function OwnerTools(props: OwnerToolsProps) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" wrap="wrap" align="flex-end">
      <NumberInput
        label={t('map.radius')}
        value={props.radius}
        min={mapLimits.radiusMin}
        max={mapLimits.radiusMax}
        step={1}
        allowDecimal={false}
        clampBehavior="strict"
        w={120}
        disabled={!props.hasMap}
        onChange={(value) => {
          if (typeof value === 'number') props.onRadius(clampRadius(value));
        }}
      />
      <Select
        label={t('map.addLocation')}
        placeholder={t('map.addLocationPlaceholder')}
        nothingFoundMessage={t('map.noLocationsLeft')}
        data={props.locations}
        value={null}
        searchable
        maxDropdownHeight={200}
        w={{ base: '100%', xs: 220 }}
        disabled={!props.hasMap}
        onChange={(value) => {
          if (value) props.onAddLocation(value);
        }}
      />
      <Button
        leftSection={<IconDeviceFloppy size={18} />}
        loading={props.saving}
        onClick={props.onSave}
      >
        {t('map.save')}
      </Button>
      <Button
        variant="default"
        leftSection={<IconRestore size={18} />}
        disabled={!props.dirty}
        onClick={props.onReset}
      >
        {t('map.reset')}
      </Button>
      {props.dirty && (
        <Badge color="orange" variant="light" mb={8}>
          {t('map.unsaved')}
        </Badge>
      )}
    </Group>
  );
}
