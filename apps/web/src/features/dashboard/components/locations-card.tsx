import { Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import type { Device, Location } from '@vigil/contracts';
import { useState, type ComponentProps } from 'react';
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

/** The owner's modals of the card: which location to delete, adding a device, assigning a user. */
function useLocationsCardModals() {
  const [toDelete, setToDelete] = useState<Location | null>(null);
  const [addingDevice, setAddingDevice] = useState(false);
  const [assignFor, setAssignFor] = useState<Device | null>(null);
  return { toDelete, setToDelete, addingDevice, setAddingDevice, assignFor, setAssignFor };
}

type LocationsCardModalState = ReturnType<typeof useLocationsCardModals>;

/** Locations and devices (spec monitoring 2): lists with add, rename, delete, select, assign. */
export function LocationsCard({ ownUserId, canEdit, devices, selection }: LocationsCardProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const modals = useLocationsCardModals();
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
        <LocationsColumn
          locations={shownLocations}
          filtered={searching && locations.length > 0}
          selectedId={selectedLocation?.id ?? null}
          canEdit={canEdit}
          onSelect={selection.selectLocation}
          onDelete={modals.setToDelete}
        />
        <DevicesColumn
          location={selectedLocation}
          canEdit={canEdit}
          devices={shownDevices}
          empty={emptyText(canEdit, inLocation, searching)}
          selection={selection}
          onAddDevice={() => {
            modals.setAddingDevice(true);
          }}
          onAssignUser={modals.setAssignFor}
        />
      </SimpleGrid>
      {canEdit && (
        <LocationsCardModals
          ownUserId={ownUserId}
          selection={selection}
          location={selectedLocation ?? null}
          modals={modals}
        />
      )}
    </Stack>
  );
}

/** The locations, under their heading. */
function LocationsColumn(props: ComponentProps<typeof LocationList>) {
  const { t } = useTranslation();
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600} component="h3" m={0}>
        {t('dashboard.locations.locations')}
      </Text>
      <LocationList {...props} />
    </Stack>
  );
}

interface DevicesColumnProps {
  location: Location | undefined;
  canEdit: boolean;
  devices: Device[];
  empty: DeviceListEmpty;
  selection: DashboardSelection;
  onAddDevice: () => void;
  onAssignUser: (device: Device) => void;
}

/** The devices of the selected location (or all), with Add device when a location is selected. */
function DevicesColumn(props: DevicesColumnProps) {
  const { location, canEdit, devices, empty, selection, onAddDevice, onAssignUser } = props;
  const { t } = useTranslation();
  return (
    <Stack gap={6}>
      {/* Wraps rather than cuts: "Devices in Cryo Store" and "Gerät hinzufügen" stay whole. */}
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" fw={600} component="h3" m={0} style={{ overflowWrap: 'anywhere' }}>
          {location
            ? t('dashboard.locations.devicesIn', { name: location.name })
            : t('dashboard.locations.allDevices')}
        </Text>
        {canEdit && location && (
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={onAddDevice}
          >
            {t('dashboard.locations.addDevice')}
          </Button>
        )}
      </Group>
      <DeviceList
        devices={devices}
        empty={empty}
        selectedId={selection.deviceId}
        canEdit={canEdit}
        onSelect={selection.selectDevice}
        onAssignUser={onAssignUser}
      />
    </Stack>
  );
}

interface LocationsCardModalsProps {
  ownUserId: string;
  selection: DashboardSelection;
  location: Location | null;
  modals: LocationsCardModalState;
}

/** The owner's modals: delete a location, add a device to it, assign a user to a device. */
function LocationsCardModals({ ownUserId, selection, location, modals }: LocationsCardModalsProps) {
  return (
    <>
      <DeleteLocationModal
        location={modals.toDelete}
        onClose={() => {
          modals.setToDelete(null);
        }}
        onDeleted={(id) => {
          if (id === selection.locationId) selection.selectLocation(null);
        }}
      />
      <AddDeviceLocationModal
        opened={modals.addingDevice}
        ownUserId={ownUserId}
        location={location}
        onClose={() => {
          modals.setAddingDevice(false);
        }}
      />
      <AssignUserModal
        device={modals.assignFor}
        onClose={() => {
          modals.setAssignFor(null);
        }}
      />
    </>
  );
}
