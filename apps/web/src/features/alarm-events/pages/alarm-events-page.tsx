import { Divider, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { alarmEventStates, type AlarmEventState } from '@vigil/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { PaginationBar } from '../../../components/pagination-bar';
import { useAlarmDownload } from '../../../lib/alarm-download';
import { useTemperatureUnit } from '../../../lib/use-temperature-unit';
import { filterQuery, useAlarmEvents, type AlarmEventFilter } from '../api/list-alarm-events';
import { AlarmEventsFilters } from '../components/alarm-events-filters';
import { AlarmEventsTable } from '../components/alarm-events-table';
import { AlarmRow } from '../components/alarm-row';

const pageSize = 20;
const isState = (value: string): value is AlarmEventState =>
  (alarmEventStates as readonly string[]).includes(value);

/** The filter and page kept in the URL, so that the top bar can link to a filtered list. */
function useFilterParams() {
  const [params, setParams] = useSearchParams();
  const filter = useMemo<AlarmEventFilter>(
    () => ({
      states: (params.get('state') ?? '').split(',').filter(isState),
      deviceId: params.get('deviceId'),
      locationId: params.get('locationId'),
      from: params.get('from'),
      to: params.get('to'),
    }),
    [params],
  );
  const page = Math.max(1, Number(params.get('page')) || 1);
  return {
    filter,
    page,
    setFilter: (next: AlarmEventFilter) => {
      setParams(new URLSearchParams(filterQuery(next)), { replace: true });
    },
    setPage: (next: number) => {
      setParams((current) => {
        const copy = new URLSearchParams(current);
        copy.set('page', String(next));
        return copy;
      });
    },
  };
}

/** A year back from the range's end, or from now, for a download without dates (12 months at most). */
function downloadRange(filter: AlarmEventFilter) {
  const end = filter.to ? new Date(filter.to) : new Date();
  const yearBack = new Date(end);
  yearBack.setFullYear(yearBack.getFullYear() - 1);
  const start = filter.from && new Date(filter.from) > yearBack ? new Date(filter.from) : yearBack;
  return { startTime: start.toISOString(), endTime: end.toISOString() };
}

/** The export's query: the filtered states, device and location over at most a year. */
function exportQuery(filter: AlarmEventFilter) {
  const query = filterQuery(filter);
  return {
    ...downloadRange(filter),
    ...(query.state ? { state: query.state } : {}),
    ...(query.deviceId ? { deviceId: query.deviceId } : {}),
    ...(query.locationId ? { locationId: query.locationId } : {}),
  };
}

/** While an export is prepared, and when it failed. */
function DownloadStatus({ busy, failed }: { busy: boolean; failed: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {busy && (
        <Text size="sm" c="dimmed" aria-live="polite" mb="xs">
          {t('alarmEvents.download.preparing')}
        </Text>
      )}
      {failed && (
        <Text size="sm" c="red" role="alert" mb="xs">
          {t('alarmEvents.download.failed')}
        </Text>
      )}
    </>
  );
}

/**
 * /alarmEvents — every excursion the person may see (beside the definitions at /alarms): state,
 * device, location, metric, peak, limits, start, end, duration and acknowledgement; filters,
 * server-side paging, CSV/PDF of the filtered events; Acknowledge on every row awaiting it.
 */
export default function AlarmEventsPage() {
  const { t } = useTranslation();
  const unit = useTemperatureUnit();
  const phone = useMediaQuery('(max-width: 48em)');
  const { filter, page, setFilter, setPage } = useFilterParams();
  const events = useAlarmEvents(filter, page, pageSize);
  const download = useAlarmDownload();
  const list = events.data?.list ?? [];
  const pagination = events.data?.meta.pagination;
  return (
    <>
      <PageHeader
        title={t('alarmAttention.page.title')}
        subtitle={t('alarmAttention.page.subtitle')}
      />
      <AlarmEventsFilters
        filter={filter}
        onChange={setFilter}
        exporting={download.busy}
        onExport={(format) => {
          download.start(format, exportQuery(filter));
        }}
      />
      <DownloadStatus busy={download.busy} failed={download.failed} />
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} aria-busy={events.isFetching}>
        {events.isPending && <Text aria-live="polite">{t('app.loading')}</Text>}
        {events.isSuccess && list.length === 0 && (
          <Text c="dimmed">{t('alarmAttention.page.empty')}</Text>
        )}
        {list.length > 0 &&
          (phone ? (
            <Stack gap="sm">
              {list.map((event, index) => (
                <Stack key={event.id} gap="sm">
                  {index > 0 && <Divider />}
                  <AlarmRow event={event} unit={unit} />
                </Stack>
              ))}
            </Stack>
          ) : (
            <AlarmEventsTable events={list} unit={unit} />
          ))}
        {pagination && pagination.total > 0 && (
          <PaginationBar pagination={pagination} onPageChange={setPage} />
        )}
      </Paper>
    </>
  );
}
