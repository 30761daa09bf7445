import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, ok } from '../../../test/fake-api';
import { fakeSockets, overviewSocket } from '../../../test/fake-socket';
import { emptyReading, ids, metadataOf, signInAs } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { statusOf } from '../pages/dashboard-test-api';
import { DeviceOverview } from './device-overview';

vi.mock(
  'socket.io-client',
  async () => (await import('../../../test/fake-socket')).fakeSocketModule,
);

afterEach(() => {
  fakeSockets.length = 0;
});

describe('every sensor at a glance', () => {
  it('shows a tile per device by location, with value, sparkline and state in words, live; a click selects it', async () => {
    signInAs('user');
    const api = fakeApi({
      'GET /api/user/metadata': ok(metadataOf('user')),
      'GET /api/device/overview': ok({
        devices: [
          statusOf({ t: 9.5 }, 'active', {
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
                raisedAt: '2026-11-24T09:00:00.000Z',
              },
            ],
          }),
          statusOf({ t: -80.2 }, 'inactive', { id: ids.otherDevice, name: 'ULT freezer' }),
          statusOf(null, 'inactive', {
            id: ids.thirdDevice,
            name: 'New probe',
            locationId: null,
            location: null,
            lastSeenAt: null,
            state: 'no_data',
          }),
        ],
      }),
      'GET /api/device/sparklines': ok({
        from: '2026-11-24T04:00:00.000Z',
        to: '2026-11-24T10:00:00.000Z',
        slotSeconds: 600,
        series: [{ id: ids.device, metric: 't', points: [4, 4.2, null, 6, 9.5] }],
      }),
    });
    const onSelect = vi.fn();
    renderWithProviders(<DeviceOverview selectedId={null} onSelect={onSelect} headingOrder={2} />);
    const coldRoom = await screen.findByRole('region', { name: 'Cold room' });
    const fridge = within(coldRoom).getByRole('button', { name: 'Fridge 1, In alarm, 9.5 °C' });
    expect(fridge).toHaveAttribute('data-state', 'alarm');
    expect(
      within(coldRoom).getByRole('button', { name: 'ULT freezer, Offline, -80.2 °C' }),
    ).toBeInTheDocument();
    const elsewhere = screen.getByRole('region', { name: 'No location' });
    expect(
      within(elsewhere).getByRole('button', { name: 'New probe, No data, No reading' }),
    ).toBeInTheDocument();
    // The sparkline breaks at the gap: two paths.
    await waitFor(() => {
      expect(fridge.querySelectorAll('path')).toHaveLength(2);
    });
    expect(api.calls('GET /api/device/sparklines')).toHaveLength(1);
    await waitFor(() => {
      expect(overviewSocket()).toBeDefined();
    });
    overviewSocket()?.emit('overviewData', {
      id: ids.otherDevice,
      deviceId: '00:1a:2b:3c:4d:5f',
      reading: { ...emptyReading, createdAt: '2026-11-24T10:01:00.000Z', t: -79.4 },
    });
    expect(
      await screen.findByRole('button', { name: 'ULT freezer, OK, -79.4 °C' }),
    ).toBeInTheDocument();
    await userEvent.setup().click(fridge);
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ id: ids.device }));
  });
});
