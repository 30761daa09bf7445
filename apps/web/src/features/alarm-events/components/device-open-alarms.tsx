import { Divider, Paper, Stack, Text } from '@mantine/core';
import { attentionStates } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { useTemperatureUnit } from '../../../lib/use-temperature-unit';
import { emptyFilter, useAlarmEvents } from '../api/list-alarm-events';
import { AlarmRow } from './alarm-row';

/**
 * The device data panel's alarms that need someone (out of range or awaiting a signature), each
 * acknowledged in one step; nothing at all when there are none.
 */
export function DeviceOpenAlarms({ deviceId }: { deviceId: string }) {
  const { t } = useTranslation();
  const unit = useTemperatureUnit();
  const events = useAlarmEvents({ ...emptyFilter, states: attentionStates, deviceId }, 1, 5);
  const list = events.data?.list ?? [];
  if (list.length === 0) return null;
  const total = events.data?.meta.pagination.total ?? list.length;
  return (
    <Paper
      withBorder
      p="sm"
      mb="sm"
      radius="md"
      role="region"
      aria-label={t('alarmAttention.device.title')}
      data-testid="device-open-alarms"
      style={{ borderColor: 'var(--mantine-color-red-filled)' }}
    >
      <Stack gap="xs">
        <Text fw={700} size="sm">
          {t('alarmAttention.device.title')}
          {total > list.length ? ` (${list.length}/${total})` : ''}
        </Text>
        {list.map((event, index) => (
          <Stack key={event.id} gap="xs">
            {index > 0 && <Divider />}
            <AlarmRow event={event} unit={unit} showDevice={false} />
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
