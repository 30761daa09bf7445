import { Title } from '@mantine/core';
import type { RecentAlarm } from '@vigil/contracts';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useAccountChannel } from '../../../lib/account-channel';
import { useLiveChannel } from '../../../lib/socket';
import { useTemperatureUnit } from '../../../lib/use-temperature-unit';
import { useDashboardDevices } from '../api/list-dashboard-devices';
import {
  CardContent,
  type CardContext,
  type DeviceDataSlotProps,
} from '../components/card-content';
import { cardElementId } from '../components/dashboard-card';
import { DashboardGrid } from '../components/dashboard-grid';
import { mergeLayouts } from '../components/grid-layout';
import { NoDevices } from '../components/no-devices';
import type { RenderAcknowledge } from '../components/recent-alarms-card';
import { useDashboardPrefs } from '../components/use-dashboard-prefs';
import { useLiveDashboard } from '../components/use-live-dashboard';
import { DashboardActions } from '../components/dashboard-actions';
import { useDashboardSelection, type DashboardSelection } from '../components/use-selection';
import { useStoredFlag } from '../components/use-stored-flag';
import { ConfigureCardsModal } from '../modals/configure-cards-modal';

export type { DeviceDataSlotProps };
export { prefetchDashboard } from './prefetch-dashboard';

/** Spec monitoring 3: the door card's minimised state is remembered. */
export const doorMinimisedKey = 'isRecentDoorMinimized';

/** Spec monitoring 9: the data panel opens on the last hour. */
export const defaultTimeValue = 1;

interface DashboardPageProps {
  /** The device data card's inside, composed by app/ (the data panel is its own feature). */
  renderDeviceData: (props: DeviceDataSlotProps) => ReactNode;
  /** The Acknowledge button of an alarm's row (the alarm-events feature's). */
  renderAcknowledge?: RenderAcknowledge;
}

/** Opening a device (or an alarm's device) selects it and scrolls the data card into view. */
function useCardOpeners(selection: DashboardSelection) {
  const onDeviceOpen = useCallback(
    (device: { id: string; locationId: string | null }) => {
      selection.selectDevice(device);
      document
        .getElementById(cardElementId('deviceData'))
        ?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    },
    [selection],
  );
  const onAlarmOpen = useCallback(
    (alarm: RecentAlarm) => {
      onDeviceOpen({ id: alarm.deviceDbId, locationId: alarm.locationId });
    },
    [onDeviceOpen],
  );
  return { onDeviceOpen, onAlarmOpen };
}

/** Everything the page's cards share: the session, devices, preferences, selection and channels. */
function useDashboard({ renderDeviceData, renderAcknowledge }: DashboardPageProps) {
  const session = useSession();
  const ownUserId = session?.userId ?? '';
  const canEdit = session?.role === 'super_user';
  const devices = useDashboardDevices(ownUserId);
  const { prefs, update, loading } = useDashboardPrefs(session?.email ?? '');
  const selection = useDashboardSelection(devices.data?.list);
  const unit = useTemperatureUnit();
  const [timeValue, setTimeValue] = useState(defaultTimeValue);
  const [doorMinimised, setDoorMinimised] = useStoredFlag(doorMinimisedKey);
  const { deviceId } = selection;
  const accountChannel = useAccountChannel();
  const deviceChannel = useLiveChannel(deviceId ? { deviceId, timeValue } : null);
  useLiveDashboard(accountChannel, deviceChannel);
  const { onDeviceOpen, onAlarmOpen } = useCardOpeners(selection);
  const minimised = useMemo(
    () => (doorMinimised ? (['recentDoorOpening'] as const) : []),
    [doorMinimised],
  );
  const context: CardContext = {
    ownUserId,
    canEdit,
    locked: prefs.locked,
    unit,
    devices: devices.data?.list ?? [],
    selection,
    doorMinimised,
    onDoorMinimisedChange: setDoorMinimised,
    onAlarmOpen,
    onDeviceOpen,
    deviceData: deviceId
      ? { deviceId, channel: deviceChannel, timeValue, onTimeValueChange: setTimeValue }
      : null,
    renderDeviceData,
    renderAcknowledge,
  };
  return { devices, prefs, update, loading, canEdit, minimised, context };
}

/** /dashboard — the person's grid of six cards (spec monitoring 2). */
export default function DashboardPage(props: DashboardPageProps) {
  const { t } = useTranslation();
  const { devices, prefs, update, loading, canEdit, minimised, context } = useDashboard(props);
  const [configuring, setConfiguring] = useState(false);

  if (loading || devices.isPending) {
    return (
      <Title order={1} fz={{ base: 24, sm: 28 }} aria-live="polite">
        {t('app.loading')}
      </Title>
    );
  }
  return (
    <>
      <PageHeader
        title={t('dashboard.title')}
        subtitle={t('dashboard.subtitle')}
        actions={
          <DashboardActions
            locked={prefs.locked}
            onToggleLock={() => {
              update((current) => ({ ...current, locked: !current.locked }));
            }}
            onConfigure={() => {
              setConfiguring(true);
            }}
          />
        }
      />
      {devices.isSuccess && context.devices.length === 0 && <NoDevices canAdd={canEdit} />}
      <DashboardGrid
        layouts={prefs.layouts}
        visible={prefs.visible}
        locked={prefs.locked}
        minimised={minimised}
        onLayoutsChange={(changed) => {
          update((current) => {
            const layouts = mergeLayouts(current.layouts, changed);
            return layouts === current.layouts ? current : { ...current, layouts };
          });
        }}
        renderCard={(card, compact, step) => (
          <CardContent card={card} context={context} compact={compact} onStep={step} />
        )}
      />
      <ConfigureCardsModal
        opened={configuring}
        visible={prefs.visible}
        onClose={() => {
          setConfiguring(false);
        }}
        onSave={(visible) => {
          update((current) => ({ ...current, visible }));
          setConfiguring(false);
          notifySuccess(t('dashboard.configure.saved'));
        }}
      />
    </>
  );
}
