import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, ok } from '../../../test/fake-api';
import { ids, metadataOf, pageOf, signInAs } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { eventOf } from '../test/events-fixtures';
import AlarmEventsPage from './alarm-events-page';

const signed = eventOf({
  id: '00000000-0000-4000-8000-000000000711',
  state: 'recovered',
  peak: 1.25,
  endedAt: '2026-11-24T11:05:00.000Z',
  durationSeconds: 3900,
  acknowledgedAt: '2026-11-24T11:10:00.000Z',
  acknowledgedBy: 'Olivia Owner',
  acknowledgedMeaning: 'reviewed_no_action_needed',
});

describe('the alarm events page', () => {
  it('lists excursions with their figures and signatures, filtered from the URL, paged by the server, and exports them', async () => {
    signInAs('super_user');
    const api = fakeApi({
      'GET /api/user/metadata': ok(metadataOf('super_user', { temperatureUnit: 'F' })),
      'GET /api/alarms/events': (request) =>
        ok(pageOf([eventOf(), signed], Number(request.query.get('page') ?? 1), 45)),
      'GET /api/device/overview': ok({ devices: [] }),
      'GET /api/alarms/downloadAlarmCSV': ok({ url: '/file', taskId: ids.alarmEvent }),
      [`GET /api/tasks/${ids.alarmEvent}`]: ok({
        taskId: ids.alarmEvent,
        status: 'running',
        progress: 10,
        resultUrl: null,
        error: null,
      }),
    });
    vi.stubGlobal('open', vi.fn());
    renderWithProviders(<AlarmEventsPage />, {
      path: '/alarmEvents?state=active,recovered_unacknowledged',
    });
    const active = await screen.findByTestId(`alarm-event-${eventOf().id}`);
    expect(api.calls('GET /api/alarms/events')[0]?.query.get('state')).toBe(
      'active,recovered_unacknowledged',
    );
    // 10.5 °C = 50.9 °F; limits 2 °C – 8 °C = 35.6 °F – 46.4 °F; 3900 s = 1 h 5 min.
    expect(within(active).getByText('50.9 °F')).toBeInTheDocument();
    expect(within(active).getByText('35.6 °F – 46.4 °F')).toBeInTheDocument();
    expect(within(active).getByText('1 h 5 min')).toBeInTheDocument();
    expect(within(active).getByText('ongoing')).toBeInTheDocument();
    expect(
      within(active).getByRole('button', { name: /^Acknowledge Fridge too warm/ }),
    ).toBeInTheDocument();
    const closed = screen.getByTestId(`alarm-event-${signed.id}`);
    expect(within(closed).getByText('Recovered')).toBeInTheDocument();
    expect(within(closed).getByText('Olivia Owner')).toBeInTheDocument();
    expect(within(closed).getByText('Reviewed, no action needed')).toBeInTheDocument();
    expect(within(closed).queryByRole('button', { name: /^Acknowledge/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeEnabled();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => {
      expect(api.calls('GET /api/alarms/events').at(-1)?.query.get('page')).toBe('2');
    });
    expect(api.calls('GET /api/alarms/events').at(-1)?.query.get('state')).toBe(
      'active,recovered_unacknowledged',
    );
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => {
      expect(api.calls('GET /api/alarms/downloadAlarmCSV')).toHaveLength(1);
    });
    expect(api.calls('GET /api/alarms/downloadAlarmCSV')[0]?.query.get('state')).toBe(
      'active,recovered_unacknowledged',
    );
  });
});
