import { configure, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountSocket, fakeSockets } from '../../../test/fake-socket';
import { deviceOf, ids } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import DashboardPage from './dashboard-page';
import { dashboardApi } from './dashboard-test-api';

vi.mock(
  'socket.io-client',
  async () => (await import('../../../test/fake-socket')).fakeSocketModule,
);

configure({ asyncUtilTimeout: 5000 });

function renderDashboard() {
  return renderWithProviders(
    <DashboardPage
      renderDeviceData={({ deviceId }) => (
        <output data-testid="device-data-slot">{deviceId}</output>
      )}
    />,
    { path: '/dashboard' },
  );
}

afterEach(() => {
  fakeSockets.length = 0;
});

describe('alarms on the dashboard', () => {
  it('highlights devices in the alarm set, kept live by newAlarm and removeAlarm', async () => {
    dashboardApi({
      devices: [
        deviceOf({ lastAlarms: { temperature: 'error' } }),
        deviceOf({ id: ids.otherDevice, name: 'ULT freezer', lastAlarms: {} }),
      ],
    });
    renderDashboard();
    const fridge = await screen.findByTestId(`device-row-${ids.device}`);
    const freezer = screen.getByTestId(`device-row-${ids.otherDevice}`);
    expect(fridge).toHaveAttribute('data-alarm', 'true');
    expect(freezer).toHaveAttribute('data-alarm', 'false');
    expect(screen.getByRole('button', { name: 'Fridge 1, Online, in alarm' })).toBeInTheDocument();
    const alarm = { deviceId: ids.otherDevice, alarmId: ids.device, alarmType: 'humidity' };
    accountSocket()?.emit('newAlarm', alarm);
    await waitFor(() => {
      expect(screen.getByTestId(`device-row-${ids.otherDevice}`)).toHaveAttribute(
        'data-alarm',
        'true',
      );
    });
    accountSocket()?.emit('removeAlarm', alarm);
    await waitFor(() => {
      expect(screen.getByTestId(`device-row-${ids.otherDevice}`)).toHaveAttribute(
        'data-alarm',
        'false',
      );
    });
    expect(screen.getByTestId(`device-row-${ids.device}`)).toHaveAttribute('data-alarm', 'true');
  });

  it('fetches the recent alarms again on alarmData', async () => {
    const api = dashboardApi();
    renderDashboard();
    await screen.findByRole('region', { name: 'Recent alarms' });
    await waitFor(() => {
      expect(api.calls('POST /api/alarms/recentAlarms/v2').length).toBeGreaterThan(0);
    });
    const before = api.calls('POST /api/alarms/recentAlarms/v2').length;
    accountSocket()?.emit('alarmData', {
      deviceId: ids.device,
      alarmId: null,
      alarmType: 'temperature',
      state: 'acknowledged',
    });
    await waitFor(() => {
      expect(api.calls('POST /api/alarms/recentAlarms/v2').length).toBeGreaterThan(before);
    });
  });
});
