import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountSocket, fakeSockets, openSocket } from '../../../test/fake-socket';
import { ok } from '../../../test/fake-api';
import { deviceOf, ids, pageOf } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { defaultLayouts } from '../components/grid-layout';
import { prefsStorageKey } from '../components/use-dashboard-prefs';
import DashboardPage from './dashboard-page';
import { dashboardApi, statusOf } from './dashboard-test-api';

vi.mock(
  'socket.io-client',
  async () => (await import('../../../test/fake-socket')).fakeSocketModule,
);

// A grid of six cards, each with its own requests, takes a while on a busy machine.
configure({ asyncUtilTimeout: 5000 });

const ownerEmail = 'owner@demo.vigil.test';

function renderDashboard(path = '/dashboard') {
  return renderWithProviders(
    <DashboardPage
      renderDeviceData={({ deviceId, timeValue }) => (
        <output data-testid="device-data-slot">{`${deviceId} ${timeValue}`}</output>
      )}
    />,
    { path },
  );
}

const tile = (label: string) => screen.getByRole('group', { name: label });
const card = (name: string) => screen.getByRole('region', { name });

afterEach(() => {
  fakeSockets.length = 0;
});

describe('dashboard page', () => {
  it('shows the six cards, selects the first device into the URL and feeds the data slot', async () => {
    dashboardApi();
    renderDashboard();
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Welcome to your custom dashboard')).toBeInTheDocument();
    for (const title of [
      'Status',
      'Device status',
      'Recent alarms',
      'Recent door openings',
      'Locations and devices',
      'Device data',
    ]) {
      expect(screen.getByRole('region', { name: title })).toBeInTheDocument();
    }
    await waitFor(() => {
      expect(screen.getByTestId('location')).toHaveTextContent(
        `/dashboard?device=${ids.device}&location=${ids.location}`,
      );
    });
    expect(await screen.findByTestId('device-data-slot')).toHaveTextContent(`${ids.device} 1`);
    expect(window.localStorage.getItem('selectedDevice')).toBe(ids.device);
    expect(openSocket({ deviceId: ids.device, timeValue: '1' })).toBeDefined();
  });

  it('hides a card from the configure modal and keeps the choice per email, locally and on the server', async () => {
    const api = dashboardApi();
    const user = userEvent.setup();
    renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'Configure' }));
    const dialog = await screen.findByTestId('configureDashboard');
    await user.click(within(dialog).getByRole('switch', { name: 'Recent alarms' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('dashboard customisation saved')).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.queryByRole('region', { name: 'Recent alarms' })).toBeNull();
    });
    const stored = JSON.parse(window.localStorage.getItem(prefsStorageKey(ownerEmail)) ?? '{}');
    expect(stored.visible).not.toContain('recentAlarms');
    expect(stored.visible).toHaveLength(6);
    await waitFor(() => {
      expect(api.calls('PUT /api/user/dashboard').at(-1)?.body).toMatchObject({
        visible: stored.visible,
        locked: false,
      });
    });
  });

  it('locks the grid and finds it locked on the next visit', async () => {
    dashboardApi();
    const user = userEvent.setup();
    const first = renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'Lock layout' }));
    expect(screen.getByRole('button', { name: 'Unlock layout' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const stored = JSON.parse(window.localStorage.getItem(prefsStorageKey(ownerEmail)) ?? '{}');
    expect(stored.locked).toBe(true);
    first.unmount();
    renderDashboard();
    expect(await screen.findByRole('button', { name: 'Unlock layout' })).toBeInTheDocument();
  });

  it('moves and resizes a card from the keyboard, and keeps it so', async () => {
    dashboardApi();
    const user = userEvent.setup();
    renderDashboard();
    const handle = await screen.findByRole('button', { name: /^Move Status:/ });
    const stored = () =>
      JSON.parse(window.localStorage.getItem(prefsStorageKey(ownerEmail)) ?? '{}') as {
        layouts?: Record<string, { i: string; h: number }[]>;
      };
    const grown = () =>
      Object.entries(stored().layouts ?? {}).some(([breakpoint, items]) => {
        const was = defaultLayouts()[breakpoint as keyof ReturnType<typeof defaultLayouts>];
        const height = (list: { i: string; h: number }[]) =>
          list.find((item) => item.i === 'customStatus')?.h ?? 0;
        return height(items) === height(was) + 1;
      });
    expect(grown()).toBe(false);
    handle.focus();
    await user.keyboard('{Shift>}{ArrowDown}{/Shift}');
    await waitFor(() => {
      expect(grown()).toBe(true);
    });
  });

  it('takes the server’s saved dashboard over the browser’s', async () => {
    window.localStorage.setItem(
      prefsStorageKey(ownerEmail),
      JSON.stringify({ layouts: {}, visible: ['customStatus'], locked: false }),
    );
    dashboardApi({
      extra: {
        'GET /api/user/dashboard': ok({
          layouts: {},
          visible: ['customStatus', 'recentAlarms'],
          locked: true,
        }),
      },
    });
    renderDashboard();
    expect(await screen.findByRole('region', { name: 'Recent alarms' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Device status' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Unlock layout' })).toBeInTheDocument();
  });

  it('shows the connected counts and fetches them again on a status event', async () => {
    const api = dashboardApi();
    renderDashboard();
    await waitFor(() => {
      expect(within(tile('Devices: Connected')).getByText('12')).toBeInTheDocument();
    });
    expect(within(tile('Gateways: Connected')).getByText('2')).toBeInTheDocument();
    expect(within(tile('Gateways: Active')).getByText('1')).toBeInTheDocument();
    expect(within(tile('Gateways: Inactive')).getByText('1')).toBeInTheDocument();
    expect(within(tile('Devices: Active')).getByText('9')).toBeInTheDocument();
    expect(within(tile('Devices: Inactive')).getByText('3')).toBeInTheDocument();
    const before = api.calls('GET /api/misc/connectedStatus').length;
    accountSocket()?.emit('devicesStatusData', {
      devices: [
        {
          id: ids.device,
          device_id: '00:1a:2b:3c:4d:5e',
          status: 'inactive',
          lastSeenAt: null,
        },
      ],
    });
    await waitFor(() => {
      expect(api.calls('GET /api/misc/connectedStatus').length).toBeGreaterThan(before);
    });
    // The device row turns offline at once, from the same event.
    expect(await screen.findByRole('button', { name: 'Fridge 1, Offline' })).toBeInTheDocument();
  });

  it('shows the latest readings with units and N/A, and takes live readings', async () => {
    dashboardApi();
    renderDashboard();
    await waitFor(() => {
      expect(within(tile('Temperature')).getByText('4.50 °C')).toBeInTheDocument();
    });
    expect(within(tile('Humidity')).getByText('41.26 %')).toBeInTheDocument();
    // A +4C fridge reports temperature and battery (N/A until it does): no CO2 or pressure tile.
    expect(within(tile('Battery')).getByText('N/A')).toBeInTheDocument();
    for (const name of ['CO2', 'Pressure', 'LN2 level'])
      expect(screen.queryByRole('group', { name })).toBeNull();
    expect(within(card('Device status')).getByTestId('device-state')).toHaveTextContent('OK');

    const reading = {
      createdAt: '2026-11-24T10:00:10.000Z',
      t: -80.456,
      h: null,
      c: 5.1,
      b: null,
      m: null,
      d: 1,
      w: 0,
      Node_Type: null,
      thermo: null,
      sht_t: null,
      sht_rh: null,
      sht_1_t: null,
      sht_1_rh: null,
      CO2_s: null,
      BV: 87,
      water_s: null,
      ln2lvl: 64.5,
      pressure: 1013.2,
      light_s: 220,
      backfilled: false,
    };
    openSocket({ deviceId: ids.device })?.emit('liveData', {
      id: ids.device,
      deviceId: '00:1a:2b:3c:4d:5e',
      reading,
    });
    await waitFor(() => {
      expect(within(tile('Temperature')).getByText('-80.46 °C')).toBeInTheDocument();
    });
    expect(within(tile('CO2')).getByText('5.1 %')).toBeInTheDocument();
    expect(within(tile('Pressure')).getByText('1013.2 hPa')).toBeInTheDocument();
    expect(within(tile('Light')).getByText('220 lux')).toBeInTheDocument();
    expect(within(tile('Battery')).getByText('87 %')).toBeInTheDocument();
    expect(within(tile('Water')).getByText('Low')).toBeInTheDocument();
    expect(within(tile('Door')).getByText('Open')).toBeInTheDocument();
    expect(within(tile('LN2 level')).getByText('64.5 %')).toBeInTheDocument();
  });

  it('shows a Node_Type 1 thermocouple in Fahrenheit, and a spill node’s battery and water only', async () => {
    dashboardApi({
      unit: 'F',
      devices: [deviceOf(), deviceOf({ id: ids.otherDevice, name: 'Spill node' })],
      extra: {
        [`GET /api/device/${ids.device}/status`]: ok(
          statusOf({ Node_Type: 1, thermo: -80, t: 3, h: -255 }),
        ),
        [`GET /api/device/${ids.otherDevice}/status`]: ok({
          ...statusOf({ Node_Type: 2, BV: 55, water_s: 1, t: 20 }, 'inactive'),
          id: ids.otherDevice,
        }),
      },
    });
    const user = userEvent.setup();
    renderDashboard();
    await waitFor(() => {
      expect(within(tile('Temperature')).getByText('-112.00 °F')).toBeInTheDocument();
    });
    expect(screen.queryByRole('group', { name: 'Humidity' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Spill node, Online' }));
    await waitFor(() => {
      expect(within(tile('Battery')).getByText('55 %')).toBeInTheDocument();
    });
    expect(within(tile('Water')).getByText('High')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Temperature' })).toBeNull();
    expect(within(card('Device status')).getByTestId('device-state')).toHaveTextContent('Offline');
    expect(screen.getByTestId('location')).toHaveTextContent(`device=${ids.otherDevice}`);
  });

  it('shows a device in alarm as such, its metric’s tile highlighted', async () => {
    dashboardApi({
      extra: {
        [`GET /api/device/${ids.device}/status`]: ok(
          statusOf({ t: 9.5, h: 41 }, 'active', {
            state: 'alarm',
            alarms: [
              {
                eventId: ids.alarmEvent,
                type: 'temperature',
                acknowledged: false,
                value: 9,
                peak: 9.5,
                min: 2,
                max: 8,
                raisedAt: '2026-11-24T09:50:00.000Z',
              },
            ],
          }),
        ),
      },
    });
    renderDashboard();
    const statusCard = await screen.findByRole('region', { name: 'Device status' });
    const badge = await within(statusCard).findByTestId('device-state');
    expect(badge).toHaveTextContent('In alarm');
    const temperature = await screen.findByRole('group', { name: 'Temperature: In alarm' });
    expect(temperature).toHaveAttribute('data-alarm', 'alarm');
    expect(within(temperature).getByText('9.50 °C')).toBeInTheDocument();
    expect(tile('Humidity')).not.toHaveAttribute('data-alarm');
  });

  it('pages the door openings with the spec’s label and remembers the card minimised', async () => {
    const rows = Array.from({ length: 10 }, (_, index) => ({
      id: `00000000-0000-4000-8000-0000000001${String(index).padStart(2, '0')}`,
      deviceDbId: ids.device,
      deviceId: '00:1a:2b:3c:4d:5e',
      deviceName: `Door ${index + 1}`,
      location: 'Cold room',
      user: null,
      timeOpened: '2026-11-24T10:00:00.000Z',
      timeClosed: null,
      createdAt: '2026-11-24T10:00:00.000Z',
    }));
    const api = dashboardApi({
      extra: {
        'POST /api/alarms/recentDoorOpenings': (request) =>
          ok(pageOf(rows, Number(request.query.get('page')), 25)),
      },
    });
    const user = userEvent.setup();
    const first = renderDashboard();
    const card = await screen.findByRole('region', { name: 'Recent door openings' });
    expect(await within(card).findByText('showing 1 to 10')).toBeInTheDocument();
    expect(within(card).getAllByText('Still open')).toHaveLength(10);
    await user.click(within(card).getByRole('button', { name: 'Next page' }));
    expect(await within(card).findByText('showing 11 to 20')).toBeInTheDocument();
    expect(api.calls('POST /api/alarms/recentDoorOpenings').at(-1)?.query.get('pageSize')).toBe(
      '10',
    );

    const before = api.calls('POST /api/alarms/recentDoorOpenings').length;
    accountSocket()?.emit('recentDoorData', rows[0]);
    await waitFor(() => {
      expect(api.calls('POST /api/alarms/recentDoorOpenings').length).toBeGreaterThan(before);
    });

    await user.click(within(card).getByRole('button', { name: 'Minimise' }));
    expect(within(card).queryByRole('table')).toBeNull();
    expect(window.localStorage.getItem('isRecentDoorMinimized')).toBe('true');
    first.unmount();
    renderDashboard();
    const again = await screen.findByRole('region', { name: 'Recent door openings' });
    expect(within(again).getByRole('button', { name: 'Maximise' })).toBeInTheDocument();
    expect(within(again).queryByRole('table')).toBeNull();
  });

  it('opens a recent alarm’s device and location', async () => {
    const alarm = {
      id: '00000000-0000-4000-8000-000000000201',
      alarmId: null,
      alarmName: 'Freezer too warm',
      deviceDbId: ids.otherDevice,
      deviceName: 'ULT freezer',
      location: 'Cold room',
      locationId: ids.location,
      type: 'temperature',
      value: -60.123,
      min: -90,
      max: -70,
      createdAt: '2026-11-24T10:00:00.000Z',
      comments: 0,
      state: 'active',
      clearedAt: null,
      acknowledgedAt: null,
      acknowledgedBy: null,
    };
    dashboardApi({
      devices: [deviceOf(), deviceOf({ id: ids.otherDevice, name: 'ULT freezer' })],
      extra: { 'POST /api/alarms/recentAlarms/v2': ok(pageOf([alarm])) },
    });
    const user = userEvent.setup();
    renderDashboard();
    const card = await screen.findByRole('region', { name: 'Recent alarms' });
    expect(
      await within(card).findByText('Temperature: -60.12 °C (-90 °C – -70 °C)'),
    ).toBeInTheDocument();
    expect(within(card).getByText('showing 1 to 10')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Freezer too warm' }));
    await waitFor(() => {
      expect(screen.getByTestId('device-data-slot')).toHaveTextContent(ids.otherDevice);
    });
    expect(window.localStorage.getItem('selectedDevice')).toBe(ids.otherDevice);
  });

  it('warns when the account has no devices', async () => {
    dashboardApi({ devices: [], locations: [] });
    renderDashboard();
    expect(await screen.findByRole('img', { name: 'Warning' })).toBeInTheDocument();
    expect(screen.getByText('No devices found')).toBeInTheDocument();
    expect(screen.getByText('No locations yet')).toBeInTheDocument();
    expect(screen.getByText('No devices yet')).toBeInTheDocument();
  });
});
