import { Box, Group, Tabs, Text } from '@mantine/core';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveChannel } from '../../../lib/socket';
import { useRawDataExport, type ExportFormat } from '../api/export-raw-data';
import { useTemperatureUnit } from '../../../lib/use-temperature-unit';
import { useLiveGraphFeed } from '../api/use-live-graph-feed';
import {
  canExport,
  rangeKeyFor,
  timeValueOf,
  windowOf,
  type CustomDates,
  type RangeChoice,
} from '../ranges';
import { ChooseDateModal } from './choose-date-modal';
import { ExportMenu } from './export-menu';
import { ExportStatus } from './export-status';
import { GraphTab } from './graph-tab';
import { RangeBar } from './range-bar';
import { RawTab } from './raw-tab';
import { useFullscreen } from './use-fullscreen';

export interface DeviceDataPanelProps {
  /** The device's row id. */
  deviceId: string;
  /** The selected device's live channel (its room), owned by the dashboard. */
  channel: LiveChannel;
  /** 0 live, 1-5 presets, 6 custom (ranges.ts maps the choices onto them). */
  timeValue: number;
  onTimeValueChange: (value: number) => void;
  /** The Alarms tab's content (the alarm-definitions feature, composed by app/). */
  renderAlarms?: (deviceId: string) => ReactNode;
  /** The device's alarms that need someone, above the tabs (the alarm-events feature's). */
  renderOpenAlarms?: (deviceId: string) => ReactNode;
}

/** In fullscreen the card's content gets the page's background (not the black backdrop). */
const fullscreenStyle = {
  overflow: 'auto',
  background: 'var(--mantine-color-body)',
  padding: 'var(--mantine-spacing-md)',
} as const;
/** Without the Fullscreen API the content is laid over the page instead. */
const overlayStyle = { ...fullscreenStyle, position: 'fixed', inset: 0, zIndex: 300 } as const;

/** The chosen range; the dashboard owns the time value, and a value it sets is followed. */
function useRangeChoice(timeValue: number, onTimeValueChange: (value: number) => void) {
  const [chosen, setChosen] = useState<RangeChoice>(() => ({ key: rangeKeyFor(timeValue) }));
  // The dashboard owns the time value: when it sets one this panel did not choose, follow it.
  const choice: RangeChoice =
    timeValueOf(chosen.key) === timeValue ? chosen : { key: rangeKeyFor(timeValue) };
  const choose = (next: RangeChoice) => {
    setChosen(next);
    onTimeValueChange(timeValueOf(next.key));
  };
  return { choice, choose };
}

/** The raw data export of the chosen range, where the range allows one. */
function useRangeExport(deviceId: string, choice: RangeChoice) {
  const exportTask = useRawDataExport(deviceId);
  const onExport = (format: ExportFormat) => {
    exportTask.start(format, windowOf(choice));
  };
  return { exportTask, exportAllowed: canExport(choice), onExport };
}

/**
 * The device data card (spec monitoring 2): range selector, Graph / Raw data / Alarms tabs, the
 * export menu with fullscreen, and the chooseDate modal for custom ranges.
 */
export function DeviceDataPanel(props: DeviceDataPanelProps) {
  const { deviceId, channel, timeValue, onTimeValueChange, renderAlarms, renderOpenAlarms } = props;
  const { choice, choose } = useRangeChoice(timeValue, onTimeValueChange);
  const [choosingDates, setChoosingDates] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const { fullscreen, overlay, toggle } = useFullscreen(rootRef);
  const { exportTask, exportAllowed, onExport } = useRangeExport(deviceId, choice);
  useLiveGraphFeed(channel, deviceId, choice);

  const saveDates = (custom: CustomDates) => {
    setChoosingDates(false);
    choose({ key: 'custom', custom });
  };

  return (
    <Box
      ref={rootRef}
      style={overlay ? overlayStyle : fullscreen ? fullscreenStyle : undefined}
      data-testid="device-data-panel"
    >
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm" mb="sm">
        <RangeBar
          choice={choice}
          onChoose={(key) => {
            choose({ key });
          }}
          onChooseDates={() => {
            setChoosingDates(true);
          }}
        />
        <Group gap="sm" wrap="nowrap">
          <ExportStatus task={exportTask.task} />
          <ExportMenu
            canExport={exportAllowed}
            exporting={exportTask.busy}
            fullscreen={fullscreen}
            onExport={onExport}
            onToggleFullscreen={toggle}
          />
        </Group>
      </Group>
      {renderOpenAlarms?.(deviceId)}
      <DeviceDataTabs
        deviceId={deviceId}
        choice={choice}
        canExport={exportAllowed}
        exporting={exportTask.busy}
        onExport={onExport}
        renderAlarms={renderAlarms}
      />
      <ChooseDateModal
        opened={choosingDates}
        withinPortal={!fullscreen}
        initial={choice.custom}
        onSave={saveDates}
        onCancel={() => {
          setChoosingDates(false);
        }}
      />
    </Box>
  );
}

interface DeviceDataTabsProps {
  deviceId: string;
  choice: RangeChoice;
  canExport: boolean;
  exporting: boolean;
  onExport: (format: ExportFormat) => void;
  renderAlarms?: (deviceId: string) => ReactNode;
}

/** Graph, Raw data and Alarms; the raw table starts over for each device and range. */
function DeviceDataTabs(props: DeviceDataTabsProps) {
  const { deviceId, choice, canExport: exportAllowed, renderAlarms } = props;
  const { t } = useTranslation();
  const unit = useTemperatureUnit();
  const [tab, setTab] = useState<string | null>('graph');
  const choiceId = [choice.key, choice.custom?.from, choice.custom?.to].join('|');
  return (
    <Tabs value={tab} onChange={setTab} keepMounted={false}>
      <Tabs.List mb="sm">
        <Tabs.Tab value="graph">{t('deviceData.tabs.graph')}</Tabs.Tab>
        <Tabs.Tab value="raw">{t('deviceData.tabs.raw')}</Tabs.Tab>
        <Tabs.Tab value="alarms">{t('deviceData.tabs.alarms')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="graph">
        <GraphTab deviceId={deviceId} choice={choice} unit={unit} />
      </Tabs.Panel>
      <Tabs.Panel value="raw">
        <RawTab
          key={`${deviceId}|${choiceId}`}
          deviceId={deviceId}
          choice={choice}
          unit={unit}
          canExport={exportAllowed}
          exporting={props.exporting}
          onExport={props.onExport}
        />
      </Tabs.Panel>
      <Tabs.Panel value="alarms">
        {renderAlarms ? (
          renderAlarms(deviceId)
        ) : (
          <Text c="dimmed" py="md">
            {t('deviceData.alarms.empty')}
          </Text>
        )}
      </Tabs.Panel>
    </Tabs>
  );
}
