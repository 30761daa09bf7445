import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { deviceOf, emptyReading, ids, pageOf } from '../../../test/fixtures';
import { applyDeviceStatus, applyDevicesStatus, applyLiveData } from './live-cache';
import { dashboardKeys } from './keys';

const listKey = [...dashboardKeys.devices, 'all', ids.owner];
const state = {
  id: ids.device,
  deviceId: '00:1a:2b:3c:4d:5e',
  status: 'inactive' as const,
  lastSeenAt: null,
  latest: { ...emptyReading, createdAt: '2026-11-24T10:00:00.000Z', t: 4 },
  state: 'offline' as const,
  alarms: [] as { type: string; acknowledged: boolean }[],
};

function cache() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(listKey, pageOf([deviceOf({ status: 'active' })]));
  queryClient.setQueryData(dashboardKeys.deviceStatus(ids.device), state);
  return queryClient;
}

describe('live dashboard cache', () => {
  it('turns a device offline in the lists and its status from the status feed', () => {
    const queryClient = cache();
    applyDevicesStatus(queryClient, {
      devices: [{ id: ids.device, device_id: 'x', status: 'inactive', lastSeenAt: null }],
    });
    expect(queryClient.getQueryData<{ list: { status: string }[] }>(listKey)?.list[0]?.status).toBe(
      'inactive',
    );
    applyDeviceStatus(queryClient, {
      id: ids.device,
      device_id: 'x',
      status: 'active',
      lastSeenAt: '2026-11-24T10:01:00.000Z',
    });
    expect(
      queryClient.getQueryData<{ status: string }>(dashboardKeys.deviceStatus(ids.device))?.status,
    ).toBe('active');
  });

  it('takes a newer reading as the latest, and leaves a late backfilled one as history', () => {
    const queryClient = cache();
    const key = dashboardKeys.deviceStatus(ids.device);
    const newer = { ...emptyReading, createdAt: '2026-11-24T10:00:10.000Z', t: 5 };
    applyLiveData(queryClient, { id: ids.device, deviceId: 'x', reading: newer });
    expect(queryClient.getQueryData<typeof state>(key)).toMatchObject({
      status: 'active',
      latest: { t: 5 },
    });
    const older = {
      ...emptyReading,
      createdAt: '2026-11-24T09:00:00.000Z',
      t: 9,
      backfilled: true,
    };
    applyLiveData(queryClient, { id: ids.device, deviceId: 'x', reading: older });
    expect(queryClient.getQueryData<typeof state>(key)?.latest.t).toBe(5);
  });

  it("words the Device status card's state from what the live events bring: back online is no longer offline, an excursion stays an alarm", () => {
    const queryClient = cache();
    const key = dashboardKeys.deviceStatus(ids.device);
    const reading = { ...emptyReading, createdAt: '2026-11-24T10:00:10.000Z', t: 5 };
    applyLiveData(queryClient, { id: ids.device, deviceId: 'x', reading });
    expect(queryClient.getQueryData<typeof state>(key)?.state).toBe('ok');
    applyDeviceStatus(queryClient, {
      id: ids.device,
      device_id: 'x',
      status: 'inactive',
      lastSeenAt: '2026-11-24T10:00:10.000Z',
    });
    expect(queryClient.getQueryData<typeof state>(key)?.state).toBe('offline');

    queryClient.setQueryData(key, {
      ...state,
      alarms: [{ type: 'temperature', acknowledged: false }],
      state: 'alarm',
    });
    applyLiveData(queryClient, { id: ids.device, deviceId: 'x', reading });
    expect(queryClient.getQueryData<typeof state>(key)?.state).toBe('alarm');
  });
});
