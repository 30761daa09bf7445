import { Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import type { Device, Location } from '@vigil/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDashboardLocations } from '../api/list-dashboard-locations';
import { AddDeviceLocationModal } from '../modals/add-device-location-modal';
import { AssignUserModal } from '../modals/assign-user-modal';
import { DeleteLocationModal } from '../modals/delete-location-modal';
import { AddLocationForm } from './add-location-form';
import { DeviceList, type DeviceListEmpty } from './device-list';
import { LocationList } from './location-list';
import type { DashboardSelection } from './use-selection';

interface LocationsCardProps {
  ownUserId: string;
  /** Account owners edit; a `user` only looks (the server refuses the rest anyway). */
  canEdit: boolean;
  devices: Device[];
  selection: DashboardSelection;
}

const matches = (name: string, search: string) =>
  name.toLocaleLowerCase().includes(search.trim().toLocaleLowerCase());

function emptyText(canEdit: boolean, devices: Device[], searching: boolean): DeviceListEmpty {
  if (devices.length > 0 && searching) return 'noMatches';
  return canEdit ? 'noDevices' : 'noAssigned';
}

/** Locations and devices (spec monitoring 2): lists with add, rename, delete, select, assign. */
export function LocationsCard({ ownUserId, canEdit, devices, selection }: LocationsCardProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [toDelete, setToDelete] = useState<Location | null>(null);
  const [addingDevice, setAddingDevice] = useState(false);
  const [assignFor, setAssignFor] = useState<Device | null>(null);
  const locations = useDashboardLocations(ownUserId).data?.list ?? [];
  const selectedLocation = locations.find((location) => location.id === selection.locationId);
  const searching = search.trim() !== '';
  const inLocation = selectedLocation
    ? devices.filter((device) => device.locationId === selectedLocation.id)
    : devices;
  const shownDevices = inLocation.filter((device) => matches(device.name, search));
  const shownLocations = locations.filter((location) => matches(location.name, search));

  return (
    <Stack gap="sm">
      <TextInput
        size="sm"
        type="search"
        label={t('dashboard.locations.search')}
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
        }}
      />
      {canEdit && <AddLocationForm onAdded={selection.selectLocation} />}
      <SimpleGrid type="container" cols={{ base: 1, '520px': 2 }} spacing="md">
        <Stack gap={6}>
          <Text size="sm" fw={600} component="h3" m={0}>
            {t('dashboard.locations.locations')}
          </Text>
          <LocationList
            locations={shownLocations}
            filtered={searching && locations.length > 0}
            selectedId={selectedLocation?.id ?? null}
            canEdit={canEdit}
            onSelect={selection.selectLocation}
            onDelete={setToDelete}
          />
        </Stack>
        <Stack gap={6}>
          {/* Wraps rather than cuts: "Devices in Cryo Store" and "Gerät hinzufügen" stay whole. */}
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text size="sm" fw={600} component="h3" m={0} style={{ overflowWrap: 'anywhere' }}>
              {selectedLocation
                ? t('dashboard.locations.devicesIn', { name: selectedLocation.name })
                : t('dashboard.locations.allDevices')}
            </Text>
            {canEdit && selectedLocation && (
              <Button
                size="compact-sm"
                variant="light"
                leftSection={<IconPlus size={14} />}
                onClick={() => {
                  setAddingDevice(true);
                }}
              >
                {t('dashboard.locations.addDevice')}
              </Button>
            )}
          </Group>
          <DeviceList
            devices={shownDevices}
            empty={emptyText(canEdit, inLocation, searching)}
            selectedId={selection.deviceId}
            canEdit={canEdit}
            onSelect={selection.selectDevice}
            onAssignUser={setAssignFor}
          />
        </Stack>
      </SimpleGrid>
      {canEdit && (
        <>
          <DeleteLocationModal
            location={toDelete}
            onClose={() => {
              setToDelete(null);
            }}
            onDeleted={(id) => {
              if (id === selection.locationId) selection.selectLocation(null);
            }}
          />
          <AddDeviceLocationModal
            opened={addingDevice}
            ownUserId={ownUserId}
            location={selectedLocation ?? null}
            onClose={() => {
              setAddingDevice(false);
            }}
          />
          <AssignUserModal
            device={assignFor}
            onClose={() => {
              setAssignFor(null);
            }}
          />
        </>
      )}
    </Stack>
  );
}
