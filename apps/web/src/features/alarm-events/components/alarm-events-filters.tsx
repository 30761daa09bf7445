import { Button, Group, MultiSelect, Paper, Select, SimpleGrid } from '@mantine/core';
import { IconDownload, IconRefresh } from '@tabler/icons-react';
import { alarmEventStates, messages, type AlarmEventState } from '@vigil/contracts';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DateTimeField } from '../../../components/date-time-field';
import { translateMessage } from '../../../lib/messages';
import type { AlarmEventFilter } from '../api/list-alarm-events';
import { useFilterOptions } from '../api/filter-options';

interface AlarmEventsFiltersProps {
  filter: AlarmEventFilter;
  onChange: (filter: AlarmEventFilter) => void;
  exporting: boolean;
  onExport: (format: 'csv' | 'pdf') => void;
}

const isState = (value: string): value is AlarmEventState =>
  (alarmEventStates as readonly string[]).includes(value);

/** A picker's local "YYYY-MM-DD HH:mm(:ss)" as an ISO time, or null. */
const isoOf = (value: string | null) => (value ? dayjs(value).toISOString() : null);
const localOf = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm:ss') : null);

/** Filters of the alarm events page: states, device, location and the start's range; exports. */
export function AlarmEventsFilters({
  filter,
  onChange,
  exporting,
  onExport,
}: AlarmEventsFiltersProps) {
  const { t } = useTranslation();
  const set = (next: Partial<AlarmEventFilter>) => {
    onChange({ ...filter, ...next });
  };
  const inverted =
    filter.from !== null && filter.to !== null && dayjs(filter.to).isBefore(dayjs(filter.from));
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} mb="md">
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 5 }} spacing="sm">
        <MultiSelect
          label={t('alarmAttention.filters.state')}
          placeholder={t('alarmAttention.filters.anyState')}
          data={alarmEventStates.map((value) => ({
            value,
            label: t(`alarmAttention.states.${value}`),
          }))}
          value={filter.states}
          clearable
          onChange={(values) => {
            set({ states: values.filter(isState) });
          }}
        />
        <PlaceFilters filter={filter} set={set} />
        <StartFilters filter={filter} set={set} inverted={inverted} />
      </SimpleGrid>
      <FilterActions
        exportDisabled={exporting || inverted}
        onReset={() => {
          onChange({ states: [], deviceId: null, locationId: null, from: null, to: null });
        }}
        onExport={onExport}
      />
    </Paper>
  );
}

interface FilterPartProps {
  filter: AlarmEventFilter;
  set: (next: Partial<AlarmEventFilter>) => void;
}

/** The device and location filters, from the account's options. */
function PlaceFilters({ filter, set }: FilterPartProps) {
  const { t } = useTranslation();
  const options = useFilterOptions();
  return (
    <>
      <Select
        label={t('alarmAttention.filters.device')}
        placeholder={t('alarmAttention.filters.anyDevice')}
        data={options.data?.devices ?? []}
        value={filter.deviceId}
        searchable
        clearable
        onChange={(value) => {
          set({ deviceId: value });
        }}
      />
      <Select
        label={t('alarmAttention.filters.location')}
        placeholder={t('alarmAttention.filters.anyLocation')}
        data={options.data?.locations ?? []}
        value={filter.locationId}
        clearable
        onChange={(value) => {
          set({ locationId: value });
        }}
      />
    </>
  );
}

/** The range of the alarms' start; an end before the start is said under the end. */
function StartFilters({ filter, set, inverted }: FilterPartProps & { inverted: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <DateTimeField
        label={t('alarmAttention.filters.from')}
        value={localOf(filter.from)}
        onChange={(value) => {
          set({ from: isoOf(value) });
        }}
      />
      <DateTimeField
        label={t('alarmAttention.filters.to')}
        value={localOf(filter.to)}
        error={inverted ? translateMessage(messages.dateRangeInvalid) : undefined}
        onChange={(value) => {
          set({ to: isoOf(value) });
        }}
      />
    </>
  );
}

interface FilterActionsProps {
  exportDisabled: boolean;
  onReset: () => void;
  onExport: (format: 'csv' | 'pdf') => void;
}

/** Reset the filters; export what they match as CSV or PDF. */
function FilterActions({ exportDisabled, onReset, onExport }: FilterActionsProps) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" gap="xs" mt="sm">
      <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={onReset}>
        {t('alarmAttention.filters.reset')}
      </Button>
      {(['csv', 'pdf'] as const).map((format) => (
        <Button
          key={format}
          variant="default"
          leftSection={<IconDownload size={16} />}
          disabled={exportDisabled}
          onClick={() => {
            onExport(format);
          }}
        >
          {t(`alarmAttention.filters.export.${format}`)}
        </Button>
      ))}
    </Group>
  );
}
