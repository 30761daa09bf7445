import { ActionIcon, Text, Tooltip } from '@mantine/core';
import { IconMaximize, IconMinimize } from '@tabler/icons-react';
import type {
  DashboardCard as CardKey,
  Device,
  RecentAlarm,
  TemperatureUnit,
} from '@vigil/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveChannel } from '../../../lib/socket';
import { DeviceOverview } from '../overview/device-overview';
import { DashboardCard } from './dashboard-card';
import type { CardStep } from './grid-layout';
import { DeviceStatusCard } from './device-status-card';
import { LocationsCard } from './locations-card';
import { RecentAlarmsCard, type RenderAcknowledge } from './recent-alarms-card';
import { RecentDoorCard } from './recent-door-card';
import { StatusCard } from './status-card';
import type { DashboardSelection } from './use-selection';

/** What the device data card's slot receives (the data panel is another feature's). */
export interface DeviceDataSlotProps {
  deviceId: string;
  channel: LiveChannel;
  timeValue: number;
  onTimeValueChange: (value: number) => void;
}

export interface CardContext {
  ownUserId: string;
  canEdit: boolean;
  locked: boolean;
  unit: TemperatureUnit;
  devices: Device[];
  selection: DashboardSelection;
  doorMinimised: boolean;
  onDoorMinimisedChange: (minimised: boolean) => void;
  onAlarmOpen: (alarm: RecentAlarm) => void;
  /** A device chosen elsewhere (an overview tile): selected in the data panel, brought into view. */
  onDeviceOpen: (device: { id: string; locationId: string | null }) => void;
  deviceData: DeviceDataSlotProps | null;
  renderDeviceData: (props: DeviceDataSlotProps) => ReactNode;
  renderAcknowledge?: RenderAcknowledge | undefined;
}

function MinimiseToggle({
  minimised,
  onChange,
}: {
  minimised: boolean;
  onChange: (v: boolean) => void;
}) {
  const { t } = useTranslation();
  const label = minimised ? t('dashboard.door.maximise') : t('dashboard.door.minimise');
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={label}
        aria-expanded={!minimised}
        onClick={() => {
          onChange(!minimised);
        }}
      >
        {minimised ? <IconMaximize size={16} /> : <IconMinimize size={16} />}
      </ActionIcon>
    </Tooltip>
  );
}

function NoDeviceSelected() {
  const { t } = useTranslation();
  return <Text c="dimmed">{t('dashboard.deviceData.noDevice')}</Text>;
}

function cardBody(card: CardKey, context: CardContext, compact: boolean): ReactNode {
  switch (card) {
    case 'customStatus':
      return <StatusCard compact={compact} />;
    case 'customDeviceStatus': {
      const selected = context.devices.find((device) => device.id === context.selection.deviceId);
      return (
        <DeviceStatusCard
          deviceId={selected ? selected.id : null}
          deviceName={selected?.name}
          unit={context.unit}
          compact={compact}
        />
      );
    }
    case 'recentAlarms':
      return (
        <RecentAlarmsCard
          unit={context.unit}
          onOpen={context.onAlarmOpen}
          {...(context.renderAcknowledge ? { renderAcknowledge: context.renderAcknowledge } : {})}
        />
      );
    case 'recentDoorOpening':
      return context.doorMinimised ? undefined : <RecentDoorCard />;
    case 'customLocation':
      return (
        <LocationsCard
          ownUserId={context.ownUserId}
          canEdit={context.canEdit}
          devices={context.devices}
          selection={context.selection}
        />
      );
    case 'deviceOverview':
      return (
        <DeviceOverview
          selectedId={context.selection.deviceId}
          onSelect={context.onDeviceOpen}
          headingOrder={3}
        />
      );
    case 'deviceData':
      return context.deviceData ? (
        context.renderDeviceData(context.deviceData)
      ) : (
        <NoDeviceSelected />
      );
  }
}

/** One card of the grid, framed, with its content. */
export function CardContent({
  card,
  context,
  compact,
  onStep,
}: {
  card: CardKey;
  context: CardContext;
  compact: boolean;
  onStep: (step: CardStep) => void;
}) {
  const { t } = useTranslation();
  const body = cardBody(card, context, compact);
  return (
    <DashboardCard
      card={card}
      title={t(`dashboard.cards.${card}`)}
      movable={!context.locked}
      onStep={onStep}
      compact={compact}
      actions={
        card === 'recentDoorOpening' && (
          <MinimiseToggle
            minimised={context.doorMinimised}
            onChange={context.onDoorMinimisedChange}
          />
        )
      }
    >
      {body}
    </DashboardCard>
  );
}
