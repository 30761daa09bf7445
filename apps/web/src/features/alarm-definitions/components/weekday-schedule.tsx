import { Checkbox, Group, NativeSelect, Paper, SimpleGrid, Text } from '@mantine/core';
import type { LightSchedule } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { quarterHours } from '../light-values';

const weekdays = [
  'alarmDefinitions.light.days.monday',
  'alarmDefinitions.light.days.tuesday',
  'alarmDefinitions.light.days.wednesday',
  'alarmDefinitions.light.days.thursday',
  'alarmDefinitions.light.days.friday',
  'alarmDefinitions.light.days.saturday',
  'alarmDefinitions.light.days.sunday',
] as const;

interface WeekdayScheduleProps {
  schedule: LightSchedule;
  onChange: (schedule: LightSchedule) => void;
}

/** One block per weekday, Monday to Sunday: enable and two time ranges in 15-minute steps. */
export function WeekdaySchedule({ schedule, onChange }: WeekdayScheduleProps) {
  const { t } = useTranslation();
  const setDay = (index: number, patch: Partial<LightSchedule['days'][number]>) => {
    onChange({ days: schedule.days.map((day, i) => (i === index ? { ...day, ...patch } : day)) });
  };
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
      {schedule.days.map((day, index) => {
        const dayName = t(weekdays[day.day] ?? weekdays[0]);
        return (
          <Paper key={day.day} withBorder p="sm" radius="md">
            <Checkbox
              label={dayName}
              fw={500}
              checked={day.enabled}
              onChange={(event) => {
                setDay(index, { enabled: event.currentTarget.checked });
              }}
            />
            {[0, 1].map((w) => (
              <TimeWindow
                key={w}
                day={day}
                dayName={dayName}
                index={w}
                onChange={(windows) => {
                  setDay(index, { windows });
                }}
              />
            ))}
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}

interface TimeWindowProps {
  day: LightSchedule['days'][number];
  dayName: string;
  /** The first or the second window of the day. */
  index: number;
  onChange: (windows: LightSchedule['days'][number]['windows']) => void;
}

/** One of a day's two time windows: from and to, in 15-minute steps. */
function TimeWindow({ day, dayName, index: w, onChange }: TimeWindowProps) {
  const { t } = useTranslation();
  const window = day.windows[w] ?? { from: '08:00', to: '12:00' };
  const setWindow = (field: 'from' | 'to', value: string) => {
    const windows = [0, 1].map((i) => day.windows[i] ?? { from: '08:00', to: '12:00' });
    windows[w] = { ...window, [field]: value };
    onChange(windows);
  };
  const label = t('alarmDefinitions.light.window', { day: dayName, number: w + 1 });
  return (
    <Group gap="xs" mt="xs" wrap="nowrap" align="flex-end">
      <Text size="xs" c="dimmed" w={16}>
        {w + 1}.
      </Text>
      <NativeSelect
        aria-label={`${label} ${t('alarmDefinitions.light.from')}`}
        size="xs"
        data={quarterHours}
        disabled={!day.enabled}
        value={window.from}
        onChange={(event) => {
          setWindow('from', event.currentTarget.value);
        }}
      />
      <NativeSelect
        aria-label={`${label} ${t('alarmDefinitions.light.to')}`}
        size="xs"
        data={quarterHours}
        disabled={!day.enabled}
        value={window.to}
        onChange={(event) => {
          setWindow('to', event.currentTarget.value);
        }}
      />
    </Group>
  );
}
