import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import type { NewAlarmEvent, TemperatureUnit } from '@vigil/contracts';
import type { TFunction } from 'i18next';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAccountChannel } from '../../../lib/account-channel';
import { useAlarmSound } from '../../../lib/alarm-sound';
import { alarmTypeName, formatAlarmRange, formatAlarmValue } from '../../../lib/alarm-values';
import { sharedKeys } from '../../../lib/query-keys';
import { useLiveEvent } from '../../../lib/socket';
import { useTemperatureUnit } from '../../../lib/use-temperature-unit';

/** One excursion, as the live events name it (newAlarm, removeAlarm, alarmData). */
const keyOf = (event: { deviceId: string; alarmId: string | null; alarmType: string | null }) =>
  `${event.deviceId}|${event.alarmId ?? ''}|${event.alarmType ?? ''}`;

/** The toast's lines: what, where, the value with its unit and the limits. */
function alarmLines(event: NewAlarmEvent, unit: TemperatureUnit, t: TFunction) {
  const type = event.alarmType;
  const value = event.value ?? null;
  const range = formatAlarmRange(type, event.min ?? null, event.max ?? null, unit);
  return {
    what:
      type === 'offline'
        ? t('alarmAttention.toast.offline')
        : `${event.alarmName ?? alarmTypeName(type)} · ${alarmTypeName(type)}`,
    value: value === null ? '' : formatAlarmValue(type, value, unit),
    range,
  };
}

/** The toast's body: the device, the lines and the button that opens the device. */
function toastMessage(
  event: NewAlarmEvent,
  lines: ReturnType<typeof alarmLines>,
  t: TFunction,
  onOpenDevice: () => void,
) {
  return (
    // The page's text colour, not the toast's dimmed one: at least 4.5:1 in both themes.
    <Stack
      gap={4}
      data-testid="alarm-toast"
      data-device={event.deviceId}
      c="var(--mantine-color-text)"
    >
      <Text size="sm" fw={700}>
        {event.deviceName ?? ''}
      </Text>
      <Text size="sm">{lines.what}</Text>
      {lines.value && (
        <Text size="sm">{t('alarmAttention.toast.value', { value: lines.value })}</Text>
      )}
      {lines.range && (
        <Text size="sm">{t('alarmAttention.toast.limits', { range: lines.range })}</Text>
      )}
      <Button size="compact-sm" color="red.8" mt={4} onClick={onOpenDevice}>
        {t('alarmAttention.toast.openDevice')}
      </Button>
    </Stack>
  );
}

/**
 * A new alarm anywhere in the account (the server sends it only to the people who may see the
 * device): a toast that stays until dismissed — device, value with unit, the limits and a button
 * to the device — and the alarm sound, which stops when the alarm clears, is acknowledged, its
 * toast is dismissed, or the sound is muted. Every alarm change refetches the alarm views.
 */
export function AlarmAlerts() {
  const { t } = useTranslation();
  const channel = useAccountChannel();
  const sound = useAlarmSound();
  const unit = useTemperatureUnit();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toasts = useRef(new Map<string, string>());
  const refresh = () => queryClient.invalidateQueries({ queryKey: sharedKeys.alarmViews });
  const settle = (key: string, hideToast: boolean) => {
    sound.sound(key, false);
    const id = toasts.current.get(key);
    if (hideToast && id) notifications.hide(id);
  };

  useLiveEvent(channel, 'newAlarm', (event) => {
    void refresh();
    const key = keyOf(event);
    const id = event.eventId ?? key;
    const lines = alarmLines(event, unit, t);
    toasts.current.set(key, id);
    sound.sound(key, true);
    notifications.show({
      id,
      color: 'red',
      autoClose: false,
      withBorder: true,
      title: t('alarmAttention.toast.title'),
      closeButtonProps: { 'aria-label': t('alarmAttention.toast.dismiss') },
      onClose: () => {
        sound.sound(key, false);
        toasts.current.delete(key);
      },
      message: toastMessage(event, lines, t, () => {
        // Seen and acted on: the toast (and its sound) gives way to the device.
        notifications.hide(id);
        void navigate(`/dashboard?device=${encodeURIComponent(event.deviceId)}`);
      }),
    });
  });
  useLiveEvent(channel, 'removeAlarm', (event) => {
    void refresh();
    settle(keyOf(event), false);
  });
  useLiveEvent(channel, 'alarmData', (event) => {
    void refresh();
    if (event.state === 'acknowledged') settle(keyOf(event), true);
  });
  return null;
}
