import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RecentAlarm } from '@vigil/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, ok, type FakeRequest } from '../../../test/fake-api';
import { ids, pageOf, signInAs } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { RecentAlarmsCard } from './recent-alarms-card';

configure({ asyncUtilTimeout: 5000 });

const eventId = '00000000-0000-4000-8000-000000000301';
const alarmOf = (extra: Partial<RecentAlarm> = {}): RecentAlarm => ({
  id: eventId,
  alarmId: null,
  alarmName: 'Fridge too warm',
  deviceDbId: ids.device,
  deviceName: 'Fridge 1',
  location: 'Cold room',
  locationId: ids.location,
  type: 'temperature',
  value: 10,
  min: 2,
  max: 8,
  createdAt: '2026-11-24T10:00:00.000Z',
  comments: 1,
  state: 'active',
  clearedAt: null,
  acknowledgedAt: null,
  acknowledgedBy: null,
  ...extra,
});

const comment = {
  id: '00000000-0000-4000-8000-000000000401',
  comment: 'Door was open',
  author: 'Olivia Owner',
  isAcknowledgement: false,
  createdAt: '2026-11-24T10:05:00.000Z',
};

function renderCard(unit: 'C' | 'F' = 'C', onOpen = vi.fn()) {
  renderWithProviders(<RecentAlarmsCard unit={unit} onOpen={onOpen} />);
  return onOpen;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the Recent alarms card', () => {
  it('shows values with units in the account unit, -255 as N/A, Low for a dry spill sensor; state and Acknowledge always in view; pages', async () => {
    signInAs('super_user');
    const rows = [
      alarmOf(),
      alarmOf({ id: '00000000-0000-4000-8000-000000000302', value: -255, alarmName: 'Probe' }),
      alarmOf({
        id: '00000000-0000-4000-8000-000000000303',
        alarmName: 'Leak',
        type: 'water',
        value: 0,
        min: null,
        max: null,
        state: 'recovered_unacknowledged',
      }),
      alarmOf({
        id: '00000000-0000-4000-8000-000000000304',
        alarmName: 'Signed off',
        state: 'recovered',
      }),
    ];
    const api = fakeApi({
      'POST /api/alarms/recentAlarms/v2': (request) =>
        ok(pageOf(rows, Number(request.query.get('page')), 25)),
    });
    const onOpen = vi.fn();
    renderWithProviders(
      <RecentAlarmsCard
        unit="F"
        onOpen={onOpen}
        renderAcknowledge={(alarm) => <button type="button">{`Sign ${alarm.name}`}</button>}
      />,
    );
    const first = await screen.findByTestId(`recent-alarm-${eventId}`);
    const table = screen.getByRole('table', { name: 'Recent alarms' });
    // 10 °C = 50 °F, 2 °C = 35.6 °F, 8 °C = 46.4 °F: every figure with its unit.
    expect(within(first).getByText('Temperature: 50 °F (35.6 °F – 46.4 °F)')).toBeInTheDocument();
    expect(within(first).getByText('Fridge 1 · Cold room')).toBeInTheDocument();
    expect(within(first).getByText('Active')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Sign Fridge too warm' })).toBeInTheDocument();
    const row = (id: string) => within(table).getByTestId(`recent-alarm-${id}`);
    expect(
      within(row('00000000-0000-4000-8000-000000000302')).getByText(/Temperature: N\/A/),
    ).toBeInTheDocument();
    const leak = row('00000000-0000-4000-8000-000000000303');
    expect(within(leak).getByText('Spill: Low')).toBeInTheDocument();
    expect(within(leak).getByText('Recovered, unacknowledged')).toBeInTheDocument();
    expect(within(leak).getByRole('button', { name: 'Sign Leak' })).toBeInTheDocument();
    // Signed off: no Acknowledge.
    const signed = row('00000000-0000-4000-8000-000000000304');
    expect(within(signed).getByText('Recovered')).toBeInTheDocument();
    expect(within(signed).queryByRole('button', { name: 'Sign Signed off' })).toBeNull();
    // Three columns: the alarm, its state and its actions, whatever the card's width.
    expect(within(table).getAllByRole('columnheader')).toHaveLength(3);
    expect(screen.getByText('showing 1 to 10')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('showing 11 to 20')).toBeInTheDocument();
    expect(api.calls('POST /api/alarms/recentAlarms/v2').at(-1)?.query.get('page')).toBe('2');
    await user.click(within(table).getAllByRole('button', { name: 'Fridge too warm' })[0]!);
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ id: eventId }));
  });
});

describe('the recentAlarmComments modal', () => {
  function modalApi(routes: Record<string, Parameters<typeof fakeApi>[0][string]> = {}) {
    signInAs('super_user');
    const favourites: { id: string; message: string }[] = [];
    return fakeApi({
      'POST /api/alarms/recentAlarms/v2': ok(pageOf([alarmOf()])),
      [`GET /api/device-alarm/comments/${eventId}`]: ok([comment]),
      'GET /api/alarms/favouriteComments': () => ok([...favourites]),
      'POST /api/alarms/favouriteComments': (request: FakeRequest) => {
        const { message } = request.body as { message: string };
        const saved = { id: `00000000-0000-4000-8000-00000000050${favourites.length}`, message };
        favourites.push(saved);
        return { status: 201, body: { data: saved } };
      },
      [`PUT /api/device-alarm/add-comment/${eventId}`]: (request: FakeRequest) =>
        ok({ ...comment, id: '00000000-0000-4000-8000-000000000402', ...(request.body as object) }),
      ...routes,
    });
  }

  async function openModal() {
    renderCard();
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Comments of Fridge too warm (1)' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Comments: Fridge too warm' });
    expect(await within(dialog).findByText('Door was open')).toBeInTheDocument();
    return { user, dialog };
  }

  it('asks for confirmation before adding a comment, and refuses an empty one', async () => {
    const api = modalApi();
    const { user, dialog } = await openModal();
    await user.click(within(dialog).getByRole('button', { name: 'Add comment' }));
    expect(within(dialog).getByText('please enter a comment')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Comment'), 'Checked the seal');
    await user.click(within(dialog).getByRole('button', { name: 'Add comment' }));
    const confirm = await screen.findByTestId('confirmComment');
    expect(api.calls(`PUT /api/device-alarm/add-comment/${eventId}`)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Add comment' }));
    await waitFor(() => {
      expect(api.calls(`PUT /api/device-alarm/add-comment/${eventId}`)).toHaveLength(1);
    });
    expect(api.calls(`PUT /api/device-alarm/add-comment/${eventId}`)[0]?.body).toEqual({
      comment: 'Checked the seal',
    });
    expect(await screen.findByText('comment added')).toBeInTheDocument();
  });

  it('saves the current comment as a favourite once, picks and deletes favourites', async () => {
    const api = modalApi({
      'DELETE /api/alarms/favouriteComments/00000000-0000-4000-8000-000000000500': ok({ ok: true }),
    });
    const { user, dialog } = await openModal();
    const star = within(dialog).getByRole('button', { name: 'Save as favourite' });
    expect(star).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Comment'), 'All fine');
    await user.click(star);
    const already = await within(dialog).findByRole('button', { name: 'Already a favourite' });
    expect(already).toBeDisabled();
    expect(api.calls('POST /api/alarms/favouriteComments')).toHaveLength(1);
    await user.clear(within(dialog).getByLabelText('Comment'));
    await user.click(within(dialog).getByRole('button', { name: 'Use the favourite "All fine"' }));
    expect(within(dialog).getByLabelText('Comment')).toHaveValue('All fine');
    await user.click(
      within(dialog).getByRole('button', { name: 'Delete the favourite "All fine"' }),
    );
    await waitFor(() => {
      expect(
        api.calls('DELETE /api/alarms/favouriteComments/00000000-0000-4000-8000-000000000500'),
      ).toHaveLength(1);
    });
  });
});

describe('the alarm download control', () => {
  it('asks for 1 month by default, or the chosen range, and opens the file once built', async () => {
    signInAs('super_user');
    const taskId = '00000000-0000-4000-8000-000000000601';
    const url = `/api/files/exports/${taskId}?token=t`;
    const api = fakeApi({
      'POST /api/alarms/recentAlarms/v2': ok(pageOf([])),
      'GET /api/alarms/downloadAlarmPDF': ok({ url, taskId }),
      'GET /api/alarms/downloadAlarmCSV': ok({ url, taskId }),
      [`GET /api/tasks/${taskId}`]: ok({
        taskId,
        status: 'completed',
        progress: 100,
        resultUrl: url,
        error: null,
      }),
    });
    const open = vi.fn();
    vi.stubGlobal('open', open);
    renderCard();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Alarm PDF' }));
    await waitFor(() => {
      expect(open).toHaveBeenCalledWith(url, '_blank', 'noopener');
    });
    const pdf = api.calls('GET /api/alarms/downloadAlarmPDF')[0]!;
    const days = (request: typeof pdf) =>
      (Date.parse(request.query.get('endTime') ?? '') -
        Date.parse(request.query.get('startTime') ?? '')) /
      86_400_000;
    expect(days(pdf)).toBeGreaterThanOrEqual(28);
    expect(days(pdf)).toBeLessThanOrEqual(31);
    await user.click(screen.getByRole('combobox', { name: 'Alarm report range' }));
    await user.click(await screen.findByRole('option', { name: '6 months' }));
    await user.click(screen.getByRole('button', { name: 'Alarm CSV' }));
    await waitFor(() => {
      expect(api.calls('GET /api/alarms/downloadAlarmCSV')).toHaveLength(1);
    });
    const csv = api.calls('GET /api/alarms/downloadAlarmCSV')[0]!;
    expect(days(csv)).toBeGreaterThanOrEqual(181);
    expect(days(csv)).toBeLessThanOrEqual(185);
  });
});
