import {
  ActionIcon,
  Anchor,
  Badge,
  Divider,
  Group,
  Popover,
  ScrollArea,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlarm, IconVolume, IconVolumeOff } from '@tabler/icons-react';
import { attentionStates } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAlarmSound } from '../../../lib/alarm-sound';
import { useTemperatureUnit } from '../../../lib/use-temperature-unit';
import { useAlarmSummary } from '../api/alarm-summary';
import { emptyFilter, useAlarmEvents } from '../api/list-alarm-events';
import { AlarmRow } from './alarm-row';

/** The events page filtered to what the counts count. */
export const attentionPath = `/alarmEvents?state=${attentionStates.join(',')}`;
const attention = { ...emptyFilter, states: attentionStates };

/** The list the indicator opens: the newest alarms that need someone, each acknowledged here. */
function AttentionList({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const unit = useTemperatureUnit();
  const events = useAlarmEvents(attention, 1, 10);
  const list = events.data?.list ?? [];
  const total = events.data?.meta.pagination.total ?? 0;
  return (
    <Stack gap="xs" w={{ base: 'calc(100vw - 32px)', xs: 380 }} maw={380}>
      <Text fw={700} id="alarm-attention-title">
        {t('alarmAttention.indicator.listTitle')}
      </Text>
      {events.isSuccess && list.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('alarmAttention.indicator.none')}
        </Text>
      )}
      <ScrollArea.Autosize mah="min(60vh, 420px)" type="auto" offsetScrollbars>
        <Stack gap="sm">
          {list.map((event, index) => (
            <Stack key={event.id} gap="sm">
              {index > 0 && <Divider />}
              <AlarmRow event={event} unit={unit} onOpenDevice={onNavigate} />
            </Stack>
          ))}
        </Stack>
      </ScrollArea.Autosize>
      <Anchor component={Link} to={attentionPath} size="sm" onClick={onNavigate}>
        {t('alarmAttention.indicator.viewAll', { n: total })}
      </Anchor>
    </Stack>
  );
}

interface CountProps {
  count: number;
  /** Both counts open the same list. */
  button: { onClick: () => void; 'aria-expanded': boolean; 'aria-haspopup': 'dialog' };
}

/** The count of alarms still out of range, red while any is. */
function ActiveCount({ count: active, button }: CountProps) {
  const { t } = useTranslation();
  return (
    <UnstyledButton
      {...button}
      aria-label={t('alarmAttention.indicator.activeLabel', { n: active })}
    >
      <Badge
        size="lg"
        color={active > 0 ? 'red.8' : 'gray'}
        variant={active > 0 ? 'filled' : 'light'}
        leftSection={<IconAlarm size={16} aria-hidden />}
        styles={{
          label: {
            overflow: 'visible',
            color: active > 0 ? 'var(--mantine-color-white)' : 'var(--mantine-color-text)',
          },
        }}
      >
        <span data-testid="alarm-count-active">{active}</span>
        <Text span fz="xs" fw={500} visibleFrom="xs">
          {` ${t('alarmAttention.indicator.active')}`}
        </Text>
      </Badge>
    </UnstyledButton>
  );
}

/** The count of alarms awaiting a signature. */
function UnacknowledgedCount({ count: unacknowledged, button }: CountProps) {
  const { t } = useTranslation();
  return (
    <UnstyledButton
      {...button}
      aria-label={t('alarmAttention.indicator.unacknowledgedLabel', { n: unacknowledged })}
    >
      <Badge
        size="lg"
        color={unacknowledged > 0 ? 'orange' : 'gray'}
        variant="light"
        styles={{ label: { overflow: 'visible', color: 'var(--mantine-color-text)' } }}
      >
        <span data-testid="alarm-count-unacknowledged">{unacknowledged}</span>
        <Text span fz="xs" fw={500} visibleFrom="xs">
          {` ${t('alarmAttention.indicator.unacknowledged')}`}
        </Text>
      </Badge>
    </UnstyledButton>
  );
}

/** The alarm sound's mute (or, when the browser blocked it, the button that resumes it). */
function SoundToggle() {
  const { t } = useTranslation();
  const sound = useAlarmSound();
  const soundLabel = sound.muted ? t('map.unmute') : t('map.mute');
  return (
    <Tooltip label={sound.blocked ? t('alarmAttention.sound.blocked') : soundLabel}>
      <ActionIcon
        variant={sound.sounding && !sound.muted ? 'filled' : 'default'}
        color={sound.sounding && !sound.muted ? 'red.8' : undefined}
        size="lg"
        aria-label={t('map.sound')}
        aria-pressed={!sound.muted}
        data-testid="alarm-sound-toggle"
        data-sounding={sound.sounding && !sound.muted ? 'true' : 'false'}
        onClick={() => {
          if (sound.blocked) sound.resume();
          else sound.toggleMute();
        }}
      >
        {sound.muted ? <IconVolumeOff size={18} /> : <IconVolume size={18} />}
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * The top bar's alarm indicator (for everyone who can see alarms): the counts of alarms still out
 * of range and awaiting a signature, red while any is out of range, live (the counts refetch on
 * every alarm event); it opens the list of those alarms. Beside it, the alarm sound's mute.
 */
export function AlarmIndicator() {
  const summary = useAlarmSummary(true);
  const [opened, popover] = useDisclosure(false);
  const active = summary.data?.active ?? 0;
  const unacknowledged = summary.data?.unacknowledged ?? 0;
  // Two buttons, one per count, each named with the words it shows (WCAG 2.5.3: on a phone only
  // the numbers show); both open the same list.
  const countButton = {
    onClick: popover.toggle,
    'aria-expanded': opened,
    'aria-haspopup': 'dialog' as const,
  };
  return (
    <Group gap={6} wrap="nowrap">
      <Popover
        opened={opened}
        onChange={popover.toggle}
        position="bottom-end"
        shadow="md"
        withArrow
        withRoles={false}
      >
        <Popover.Target>
          <Group
            gap={4}
            wrap="nowrap"
            data-testid="alarm-indicator"
            data-active={active}
            data-unacknowledged={unacknowledged}
          >
            <ActiveCount count={active} button={countButton} />
            <UnacknowledgedCount count={unacknowledged} button={countButton} />
          </Group>
        </Popover.Target>
        <Popover.Dropdown role="dialog" aria-labelledby="alarm-attention-title">
          <AttentionList onNavigate={popover.close} />
        </Popover.Dropdown>
      </Popover>
      <SoundToggle />
    </Group>
  );
}
