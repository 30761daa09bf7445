import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Task, TemperatureUnit } from '@vigil/contracts';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LiveChannel } from '../../../lib/socket';
import { fakeApi, ok, type FakeRequest } from '../../../test/fake-api';
import { ids, metadataOf, pageOf, signInAs } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { clearDateTime, pickDateTime } from '../../../test/pick-date-time';
import { DeviceDataPanel } from './device-data-panel';

// uPlot draws on a canvas, which jsdom lacks: a stand-in records what each chart was given.
const plots = vi.hoisted(() => [] as { data: unknown }[]);
vi.mock('uplot', () => ({
  default: class FakePlot {
    static paths = {};
    data: unknown;
    constructor(_options: unknown, data: unknown) {
      this.data = data;
      plots.push(this);
    }
    setData(data: unknown) {
      this.data = data;
    }
    setSize() {
      return undefined;
    }
    destroy() {
      return undefined;
    }
  },
}));

const hour = 3_600_000;
const day = 24 * hour;
const taskId = '00000000-0000-4000-8000-00000000e001';
const graphPath = `GET /api/device/${ids.device}/graph`;
const rawPath = `GET /api/device/${ids.device}/raw`;

const taskOf = (extra: Partial<Task>): Task => ({
  taskId,
  status: 'running',
  progress: 40,
  resultUrl: null,
  error: null,
  ...extra,
});

function panelApi(unit: TemperatureUnit = 'C', extra: Parameters<typeof fakeApi>[0] = {}) {
  signInAs('super_user');
  return fakeApi({
    'GET /api/user/metadata': ok(metadataOf('super_user', { temperatureUnit: unit })),
    [graphPath]: (request) =>
      ok({
        points: [
          { ts: new Date(Date.now() - 60_000).toISOString(), t: 4.2, h: 40 },
          { ts: new Date().toISOString(), t: 4.4, h: 41 },
        ],
        bucket: 'raw',
        from: request.query.get('from'),
        to: request.query.get('to'),
      }),
    [rawPath]: ok(
      pageOf([
        { ts: '2026-11-24T10:00:30.000Z', time: '', backfilled: false, t: 4.5, h: null },
        { ts: '2026-11-24T10:00:00.000Z', time: '', backfilled: false, t: -255, h: 41.26 },
      ]),
    ),
    ...extra,
  });
}

function Harness({ onChange }: { onChange: (value: number) => void }) {
  const [timeValue, setTimeValue] = useState(1);
  const [channel] = useState(() => new LiveChannel());
  return (
    <DeviceDataPanel
      deviceId={ids.device}
      channel={channel}
      timeValue={timeValue}
      onTimeValueChange={(value) => {
        onChange(value);
        setTimeValue(value);
      }}
    />
  );
}

function renderPanel() {
  const onChange = vi.fn();
  renderWithProviders(<Harness onChange={onChange} />);
  return onChange;
}

const spanOf = (request: FakeRequest | undefined) =>
  Date.parse(request?.query.get('to') ?? '') - Date.parse(request?.query.get('from') ?? '');

/** A time on the picker's 15-minute steps. */
const quarterHour = (ms: number) => new Date(Math.floor(ms / (15 * 60_000)) * 15 * 60_000);

const rangeSelect = () => screen.getByLabelText('Range');

async function chooseDates(user: ReturnType<typeof userEvent.setup>, from: Date, to: Date) {
  await user.selectOptions(rangeSelect(), 'custom');
  const dialog = await screen.findByRole('dialog', { name: 'Choose dates' });
  await pickDateTime(user, await within(dialog).findByLabelText(/Start date/), from);
  await pickDateTime(user, within(dialog).getByLabelText(/End date/), to);
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
}

async function menuItems(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Export and view options' }));
  const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
  await user.keyboard('{Escape}');
  await waitFor(() => {
    expect(screen.queryByRole('menuitem')).not.toBeInTheDocument();
  });
  return items;
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  plots.length = 0;
});

describe('device data panel', () => {
  it('charts the last hour by default and asks for 7 days with time value 5 when chosen', async () => {
    const api = panelApi();
    const user = userEvent.setup();
    const onChange = renderPanel();
    expect(await screen.findByRole('figure', { name: 'Temperature chart' })).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'Humidity chart' })).toBeInTheDocument();
    const first = api.calls(graphPath)[0];
    expect(first?.query.get('timeValue')).toBe('1');
    expect(spanOf(first)).toBe(hour);
    expect(plots.length).toBe(2);

    await user.selectOptions(rangeSelect(), '7d');
    expect(onChange).toHaveBeenLastCalledWith(5);
    await waitFor(() => {
      expect(api.calls(graphPath).at(-1)?.query.get('timeValue')).toBe('5');
    });
    expect(spanOf(api.calls(graphPath).at(-1))).toBe(7 * day);

    await user.selectOptions(rangeSelect(), 'live');
    expect(onChange).toHaveBeenLastCalledWith(0);
    await waitFor(() => {
      expect(api.calls(graphPath).at(-1)?.query.get('timeValue')).toBe('0');
    });
    expect(spanOf(api.calls(graphPath).at(-1))).toBe(15 * 60_000);
  });

  it('validates custom dates with the spec’s messages and charts the chosen range', async () => {
    const api = panelApi();
    const user = userEvent.setup();
    const onChange = renderPanel();
    await screen.findByRole('figure', { name: 'Temperature chart' });

    await user.selectOptions(rangeSelect(), 'custom');
    const dialog = await screen.findByRole('dialog', { name: 'Choose dates' });
    const save = await within(dialog).findByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    const start = await within(dialog).findByLabelText(/Start date/);
    const end = within(dialog).getByLabelText(/End date/);
    await pickDateTime(user, start, quarterHour(Date.now() + day));
    expect(within(dialog).getByText('no data available')).toBeInTheDocument();
    await pickDateTime(user, start, quarterHour(Date.now() - day));
    await pickDateTime(user, end, quarterHour(Date.now() - 2 * day));
    expect(
      within(dialog).getByText(
        'please ensure that the end date is greater than or equal to the start date',
      ),
    ).toBeInTheDocument();
    await clearDateTime(user, start);
    expect(within(dialog).getByText('please select date')).toBeInTheDocument();
    expect(save).toBeDisabled();

    // Cancel with no earlier dates keeps the range there was.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(rangeSelect()).toHaveValue('1h');
    expect(onChange).not.toHaveBeenCalled();

    const from = quarterHour(Date.now() - 3 * day);
    const to = quarterHour(Date.now() - day);
    await chooseDates(user, from, to);
    expect(onChange).toHaveBeenLastCalledWith(6);
    await waitFor(() => {
      expect(api.calls(graphPath).at(-1)?.query.get('timeValue')).toBe('6');
    });
    expect(api.calls(graphPath).at(-1)?.query.get('from')).toBe(from.toISOString());
    expect(api.calls(graphPath).at(-1)?.query.get('to')).toBe(to.toISOString());
    expect(screen.getByTestId('custom-range')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('lists raw readings in the account’s unit with N/A for missing values', async () => {
    const api = panelApi('F');
    const user = userEvent.setup();
    renderPanel();
    await user.click(screen.getByRole('tab', { name: 'Raw data' }));
    const table = await screen.findByTestId('raw-table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Time', 'Temperature', 'Humidity']);
    await within(table).findByText('40.10 °F');
    expect(within(table).getByText('41.3 %')).toBeInTheDocument();
    expect(within(table).getAllByText('N/A')).toHaveLength(2);
    const query = api.calls(rawPath).at(-1)?.query;
    expect(query?.get('timeDiff')).toBe('0.5');
    expect(query?.get('pageSize')).toBe('10');
    expect(query?.get('page')).toBe('1');

    await user.selectOptions(screen.getByLabelText('Interval'), '5');
    await waitFor(() => {
      expect(api.calls(rawPath).at(-1)?.query.get('timeDiff')).toBe('5');
    });
  });

  it('exports through a task polled every 5 s, then opens its result', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const resultUrl = `/api/files/exports/${taskId}?token=abc`;
    const api = panelApi('C', {
      'POST /api/tasks': { status: 201, body: { data: taskOf({}) } },
      [`GET /api/tasks/${taskId}`]: ok(taskOf({ status: 'completed', progress: 100, resultUrl })),
    });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    renderPanel();
    await user.click(screen.getByRole('tab', { name: 'Raw data' }));
    await user.click(await screen.findByRole('button', { name: 'Download CSV' }));

    expect(await screen.findByText('Export running: 40 %')).toBeInTheDocument();
    const body = api.calls('POST /api/tasks')[0]?.body as Record<string, string>;
    expect(body).toMatchObject({ type: 'raw_data', deviceId: ids.device, format: 'csv' });
    expect(Date.parse(body.to ?? '') - Date.parse(body.from ?? '')).toBe(hour);
    expect(api.calls(`GET /api/tasks/${taskId}`)).toHaveLength(0);
    expect(open).not.toHaveBeenCalled();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(5000);
    });
    await waitFor(() => {
      expect(open).toHaveBeenCalledWith(resultUrl, '_blank', 'noopener');
    });
    expect(api.calls(`GET /api/tasks/${taskId}`)).toHaveLength(1);
    expect(screen.getByText('Export completed: 100 %')).toBeInTheDocument();
  });

  it('reduces the export menu for time value 5 and custom ranges of 6 days or more', async () => {
    panelApi();
    const user = userEvent.setup();
    renderPanel();
    await screen.findByRole('figure', { name: 'Temperature chart' });
    const full = ['Download CSV', 'Download PDF', 'Fullscreen'];
    expect(await menuItems(user)).toEqual(full);

    await user.selectOptions(rangeSelect(), '1y');
    expect(await menuItems(user)).toEqual(['Fullscreen']);

    const now = Date.now();
    await chooseDates(user, quarterHour(now - 5 * day), quarterHour(now - hour));
    expect(await menuItems(user)).toEqual(full);

    await chooseDates(user, quarterHour(now - 7 * day), quarterHour(now - hour));
    expect(await menuItems(user)).toEqual(['Fullscreen']);

    // Ranges over 90 days draw no graph: ranges.test.ts (picking one here takes many steps).
  }, 90_000);

  it('shows the empty text of the alarms tab', async () => {
    panelApi();
    const user = userEvent.setup();
    renderPanel();
    await user.click(screen.getByRole('tab', { name: 'Alarms' }));
    expect(await screen.findByText('No alarms added yet')).toBeInTheDocument();
  });
});
