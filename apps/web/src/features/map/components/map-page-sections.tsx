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
import { IconMap2, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { notifyError } from '../../../lib/notify';
import { zoomIn, zoomOut } from '../model/view';
import { MapLegend } from './map-legend';
import { MapToolbar } from './map-toolbar';
import { MapViewport } from './map-viewport';
import { OwnerTools } from './owner-tools';
import { PlacedList } from './placed-list';
import { PlacementBar } from './placement-bar';
import type { MapPageState } from './use-map-page';

/** The owner's header buttons: delete this map, add a map. */
export function MapPageActions({ onDelete, onAdd }: { onDelete: () => void; onAdd: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <Button variant="light" color="red" leftSection={<IconTrash size={18} />} onClick={onDelete}>
        {t('map.deleteMap')}
      </Button>
      <Button leftSection={<IconPlus size={18} />} onClick={onAdd}>
        {t('map.addMap')}
      </Button>
    </>
  );
}

/** The map picker, search, zoom and sound; for an owner, the editing tools. */
export function MapPageToolbar({ page }: { page: MapPageState }) {
  const { maps, editor, size, alarmSound } = page;
  const { view } = editor;
  const centre = { x: size.width / 2, y: size.height / 2 };
  const zoom = (next: typeof view | undefined) => {
    if (next) editor.setView(next);
  };
  return (
    <MapToolbar
      maps={maps.data ?? []}
      selectedId={editor.map?.id}
      onSelect={editor.choose}
      search={page.search}
      onSearch={page.setSearch}
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
      {page.owner && <MapOwnerTools page={page} />}
    </MapToolbar>
  );
}

/** The owner's tools: dot radius, place a location, save and reset. */
function MapOwnerTools({ page }: { page: MapPageState }) {
  const { editor, commands, locations } = page;
  const { map, draft } = editor;
  return (
    <OwnerTools
      radius={draft?.radius ?? 5}
      onRadius={(radius) => {
        editor.change((current) => ({ ...current, radius }));
      }}
      locations={page.freeLocations}
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
  );
}

/** The loader, the error, no maps, or the chosen map with its legend and its list. */
export function MapContent({ page }: { page: MapPageState }) {
  const { t } = useTranslation();
  const { maps, editor, owner, commands, rows, matches } = page;
  const { map, draft } = editor;
  if (maps.isPending) {
    return (
      <Center py="xl" role="status">
        <Loader size="sm" />
        <Text ml="sm">{t('app.loading')}</Text>
      </Center>
    );
  }
  if (maps.isError && !maps.data) {
    return (
      <Text c="red" ta="center" py="xl" role="alert">
        {t('errors.somethingWentWrong')}
      </Text>
    );
  }
  if (!map || !draft) return <NoMaps owner={owner} />;
  return (
    <>
      <MapPlan page={page} />
      <MapLegend />
      <PlacedList
        locations={draft.locations}
        devices={matches ?? rows}
        searching={matches !== undefined}
        onAction={owner ? commands.act : undefined}
      />
    </>
  );
}

/** The floor plan with its outlines and dots, and the placement bar while placing. */
function MapPlan({ page }: { page: MapPageState }) {
  const { t } = useTranslation();
  const scheme = useComputedColorScheme('light');
  const { editor, size, dots, rows, owner, commands } = page;
  const { map, draft, view, placement } = editor;
  if (!map || !draft) return null;
  return (
    <MapViewport
      title={map.title}
      size={size}
      view={view}
      onViewChange={editor.setView}
      plan={{ mapId: map.id, src: map.location, width: map.imageWidth, height: map.imageHeight }}
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
  );
}

/** "Leave without saving?" for a link within the app. */
export function LeaveMapModal({ leaving }: { leaving: MapPageState['leaving'] }) {
  const { t } = useTranslation();
  return (
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
