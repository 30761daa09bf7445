import {
  Button,
  Center,
  Loader,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
  useComputedColorScheme,
} from '@mantine/core';
import { useElementSize, useViewportSize, useWindowEvent } from '@mantine/hooks';
import { IconMap2, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal';
import { PageHeader } from '../../../components/page-header';
import { notifyError } from '../../../lib/notify';
import { getSession, useSession } from '../../../lib/session';
import { useTemperatureUnit } from '../../../lib/use-temperature-unit';
import { useLiveReadings } from '../api/live-map';
import { useMaps } from '../api/list-maps';
import { useMapDevices, useMapLocations } from '../api/map-options';
import { MapLegend } from '../components/map-legend';
import { MapToolbar } from '../components/map-toolbar';
import { MapViewport } from '../components/map-viewport';
import { OwnerModals } from '../components/owner-modals';
import { OwnerTools } from '../components/owner-tools';
import { PlacedList } from '../components/placed-list';
import { PlacementBar } from '../components/placement-bar';
import { useAlarmSound } from '../../../lib/alarm-sound';
import { useDeviceViews } from '../components/use-device-views';
import { useMapCommands } from '../components/use-map-commands';
import { useMapEditor } from '../components/use-map-editor';
import { useMapLive } from '../components/use-map-live';
import { placedIds } from '../model/draft';
import { canvasSizeOf, zoomIn, zoomOut } from '../model/view';

/**
 * /map (spec monitoring 2): the account's floor plans with location outlines and device dots,
 * coloured live. Owners upload, arrange and save them; users look.
 */
export default function MapPage() {
  const { t } = useTranslation();
  const session = useSession();
  const owner = session?.role === 'super_user';
  const ownUserId = session?.userId ?? '';
  const maps = useMaps();
  const devices = useMapDevices(ownUserId);
  const locations = useMapLocations(ownUserId, owner);
  const scheme = useComputedColorScheme('light');
  const { sounding } = useMapLive(session?.email);
  // The shell's alarm sound and its mute, kept per person: the map adds its reasons to it.
  const alarmSound = useAlarmSound();
  const { sound } = alarmSound;
  useEffect(() => {
    sound('map', sounding);
    return () => {
      sound('map', false);
    };
  }, [sound, sounding]);
  const viewport = useViewportSize();
  const { ref: frameRef, width: frameWidth } = useElementSize();
  const size = canvasSizeOf(viewport, frameWidth);
  const editor = useMapEditor(maps.data, size);
  const { map, draft, view, placement } = editor;
  const [search, setSearch] = useState('');
  // Leaving or reloading the page with changes not saved asks first: the browser's own prompt,
  // and ours for a link within the app. A sign-out (the session is gone by then) is not held.
  useWindowEvent('beforeunload', (event) => {
    if (editor.unsaved) event.preventDefault();
  });
  const leaving = useBlocker(
    ({ currentLocation, nextLocation }) =>
      editor.unsaved && nextLocation.pathname !== currentLocation.pathname && getSession() !== null,
  );
  const [adding, setAdding] = useState(false);

  const live = useLiveReadings();
  const unit = useTemperatureUnit();
  const deviceList = useMemo(() => devices.data?.list ?? [], [devices.data]);
  const { rows, matches, dots } = useDeviceViews({
    draft,
    map,
    devices: deviceList,
    live,
    unit,
    search,
  });
  const names = (kind: 'location' | 'device', id: string) =>
    (kind === 'location'
      ? draft?.locations.find((location) => location.id === id)?.title
      : rows.find((row) => row.id === id)?.name) ?? '';
  const commands = useMapCommands(editor, names);
  const placed = placedIds(maps.data ?? [], map?.id ?? '', draft);
  const freeLocations = (locations.data?.list ?? [])
    .filter((location) => !placed.locations.has(location.id))
    .map((location) => ({ value: location.id, label: location.name }));
  const freeDevices = deviceList.filter(
    (device) => device.locationId === commands.addingTo?.id && !placed.devices.has(device.id),
  );
  const centre = { x: size.width / 2, y: size.height / 2 };
  const zoom = (next: typeof view | undefined) => {
    if (next) editor.setView(next);
  };

  return (
    <>
      <PageHeader
        title={t('map.title')}
        subtitle={t('map.subtitle')}
        actions={
          owner && (
            <>
              <Button
                variant="light"
                color="red"
                leftSection={<IconTrash size={18} />}
                onClick={commands.askDeleteMap}
              >
                {t('map.deleteMap')}
              </Button>
              <Button
                leftSection={<IconPlus size={18} />}
                onClick={() => {
                  setAdding(true);
                }}
              >
                {t('map.addMap')}
              </Button>
            </>
          )
        }
      />
      <MapToolbar
        maps={maps.data ?? []}
        selectedId={map?.id}
        onSelect={editor.choose}
        search={search}
        onSearch={setSearch}
        onZoomIn={() => {
          zoom(zoomIn(view, centre));
        }}
        onZoomOut={() => {
          zoom(zoomOut(view, centre));
        }}
        muted={alarmSound.muted}
        onToggleMute={alarmSound.toggleMute}
        sounding={alarmSound.sounding}
      >
        {owner && (
          <OwnerTools
            radius={draft?.radius ?? 5}
            onRadius={(radius) => {
              editor.change((current) => ({ ...current, radius }));
            }}
            locations={freeLocations}
            onAddLocation={(id) => {
              const location = locations.data?.list.find((item) => item.id === id);
              if (location) editor.startPlacement({ kind: 'location', id, title: location.name });
            }}
            onSave={commands.save}
            saving={commands.saving}
            onReset={() => {
              if (map) editor.forget(map.id);
              editor.cancelPlacement();
            }}
            dirty={editor.dirty}
            hasMap={map !== undefined}
          />
        )}
      </MapToolbar>
      <div ref={frameRef}>
        {maps.isPending ? (
          <Center py="xl" role="status">
            <Loader size="sm" />
            <Text ml="sm">{t('app.loading')}</Text>
          </Center>
        ) : maps.isError && !maps.data ? (
          <Text c="red" ta="center" py="xl" role="alert">
            {t('errors.somethingWentWrong')}
          </Text>
        ) : !map || !draft ? (
          <NoMaps owner={owner} />
        ) : (
          <>
            <MapViewport
              title={map.title}
              size={size}
              view={view}
              onViewChange={editor.setView}
              plan={{
                mapId: map.id,
                src: map.location,
                width: map.imageWidth,
                height: map.imageHeight,
              }}
              locations={draft.locations}
              dots={dots}
              radius={draft.radius}
              placement={placement}
              onPlace={editor.place}
              onOutlineChange={editor.reshape}
              scheme={scheme}
              readingsOf={(id) =>
                rows.find((row) => row.id === id)?.readings ?? {
                  temperature: null,
                  humidity: null,
                  carbon: null,
                }
              }
              onAction={owner ? commands.act : undefined}
            >
              {placement && (
                <PlacementBar
                  placement={placement}
                  onDone={() => {
                    if (!editor.commit()) notifyError(t('map.placement.clickFirst'));
                  }}
                  onRemove={editor.cancelPlacement}
                />
              )}
            </MapViewport>
            <MapLegend />
            <PlacedList
              locations={draft.locations}
              devices={matches ?? rows}
              searching={matches !== undefined}
              onAction={owner ? commands.act : undefined}
            />
          </>
        )}
      </div>
      <ConfirmModal
        name="leaveMap"
        opened={leaving.state === 'blocked'}
        title={t('map.leave.title')}
        confirmLabel={t('map.leave.confirm')}
        danger
        onConfirm={() => {
          leaving.proceed?.();
        }}
        onClose={() => {
          leaving.reset?.();
        }}
      >
        {t('map.leave.text')}
      </ConfirmModal>
      {owner && (
        <OwnerModals
          editor={editor}
          commands={commands}
          rows={rows}
          freeDevices={freeDevices}
          adding={adding}
          onCloseAdding={() => {
            setAdding(false);
          }}
        />
      )}
    </>
  );
}

function NoMaps({ owner }: { owner: boolean }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p="xl">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={56} radius={28} variant="light" aria-hidden>
          <IconMap2 size={30} stroke={1.5} />
        </ThemeIcon>
        <Title order={2} fz="lg">
          {t('map.noMaps')}
        </Title>
        <Text c="dimmed">{owner ? t('map.noMapsOwner') : t('map.noMapsUser')}</Text>
      </Stack>
    </Paper>
  );
}
