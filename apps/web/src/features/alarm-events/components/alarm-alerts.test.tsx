import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccountChannelProvider } from '../../../lib/account-channel';
import { AlarmSoundProvider } from '../../../lib/alarm-sound';
import { fakeApi, ok } from '../../../test/fake-api';
import { accountSocket, fakeSockets } from '../../../test/fake-socket';
import { ids, metadataOf, pageOf, signInAs } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { eventOf } from '../test/events-fixtures';
import { AlarmAlerts } from './alarm-alerts';
import { AlarmIndicator } from './alarm-indicator';

vi.mock(
  'socket.io-client',
  async () => (await import('../../../test/fake-socket')).fakeSocketModule,
);

afterEach(() => {
  fakeSockets.length = 0;
  vi.restoreAllMocks();
});

/** The shell's alarm parts, as the signed-in layout composes them. */
function renderShell(onMutedChange = vi.fn()) {
  renderWithProviders(
    <AccountChannelProvider enabled>
      <AlarmSoundProvider muted={false} onMutedChange={onMutedChange}>
        <AlarmAlerts />
        <AlarmIndicator />
      </AlarmSoundProvider>
    </AccountChannelProvider>,
    { path: '/reports' },
  );
  return onMutedChange;
}

describe('alarms impossible to miss', () => {
  it('counts the alarms in the top bar, red while one is out of range, and lists them to acknowledge', async () => {
    signInAs('super_user');
    const api = fakeApi({
      'GET /api/user/metadata': ok(metadataOf('super_user')),
      'GET /api/alarms/summary': ok({ active: 2, unacknowledged: 1, attention: 3 }),
      'GET /api/alarms/events': ok(pageOf([eventOf()])),
    });
    const onMuted = renderShell();
    const indicator = await screen.findByRole('button', { name: 'Alarms: 2 active' });
    expect(within(indicator).getByTestId('alarm-count-active')).toHaveTextContent('2');
    expect(screen.getByRole('button', { name: 'Alarms: 1 unacknowledged' })).toHaveTextContent('1');
    const user = userEvent.setup();
    await user.click(indicator);
    const list = await screen.findByRole('dialog', { name: 'Alarms that need attention' });
    const row = await within(list).findByTestId(`alarm-row-${eventOf().id}`);
    expect(
      within(row).getByText('Temperature: 10.5 °C · 2 °C – 8 °C · 24/11/2026, 10:00'),
    ).toBeInTheDocument();
    expect(
      within(row).getByRole('button', { name: /^Acknowledge Fridge too warm/ }),
    ).toBeInTheDocument();
    expect(
      within(list).getByRole('link', { name: 'Show all in alarm events (1)' }),
    ).toHaveAttribute('href', '/alarmEvents?state=active,acknowledged,recovered_unacknowledged');
    expect(api.calls('GET /api/alarms/events')[0]?.query.get('state')).toBe(
      'active,acknowledged,recovered_unacknowledged',
    );
    await user.click(screen.getByRole('button', { name: 'Alarm sound' }));
    expect(onMuted).toHaveBeenCalledWith(true);
  });

  it('toasts a new alarm until dismissed and sounds it until it clears; the toast opens the device', async () => {
    signInAs('super_user');
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockReturnValue(undefined);
    const api = fakeApi({
      'GET /api/user/metadata': ok(metadataOf('super_user')),
      'GET /api/alarms/summary': ok({ active: 0, unacknowledged: 0, attention: 0 }),
    });
    renderShell();
    await waitFor(() => {
      expect(accountSocket()).toBeDefined();
    });
    const before = api.calls('GET /api/alarms/summary').length;
    const alarm = { deviceId: ids.device, alarmId: null, alarmType: 'temperature' };
    accountSocket()?.emit('newAlarm', {
      ...alarm,
      eventId: eventOf().id,
      deviceName: 'Fridge 1',
      alarmName: 'Fridge too warm',
      value: 9.25,
      min: 2,
      max: 8,
    });
    const toast = await screen.findByTestId('alarm-toast');
    expect(screen.getByText('Alert!')).toBeInTheDocument();
    expect(within(toast).getByText('Fridge 1')).toBeInTheDocument();
    expect(within(toast).getByText('Value: 9.25 °C')).toBeInTheDocument();
    expect(within(toast).getByText('Limits: 2 °C – 8 °C')).toBeInTheDocument();
    await waitFor(() => {
      expect(play).toHaveBeenCalled();
    });
    expect(screen.getByRole('button', { name: 'Alarm sound' })).toHaveAttribute(
      'data-sounding',
      'true',
    );
    await waitFor(() => {
      expect(api.calls('GET /api/alarms/summary').length).toBeGreaterThan(before);
    });
    // Back in range: the sound stops, the toast stays until dismissed.
    const paused = pause.mock.calls.length;
    accountSocket()?.emit('removeAlarm', alarm);
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Alarm sound' })).toHaveAttribute(
        'data-sounding',
        'false',
      );
    });
    expect(pause.mock.calls.length).toBeGreaterThan(paused);
    expect(screen.getByTestId('alarm-toast')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(toast).getByRole('button', { name: 'Open device' }));
    expect(screen.getByTestId('location')).toHaveTextContent(`/dashboard?device=${ids.device}`);
    await waitFor(() => {
      expect(screen.queryByTestId('alarm-toast')).toBeNull();
    });
  });
});
