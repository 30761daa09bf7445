import { QueryClient } from '@tanstack/react-query';
import type { MapItem } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { ids } from '../../../test/fixtures';
import { mapOf, notificationOf, placedDeviceOf } from '../test/map-fixtures';
import { mapKeys } from './keys';
import {
  applyMapLiveData,
  applyMapNotification,
  applyToDevice,
  nextSounding,
  type LiveReadings,
} from './live-map';

const notification = notificationOf;

describe('map socket events', () => {
  it('sets and clears offline', () => {
    const device = placedDeviceOf();
    const offline = applyToDevice(device, notification({ type: 'offline', alarmType: 'offline' }));
    expect(offline.offline).toBe(true);
    const back = applyToDevice(offline, notification({ status: 'success', type: 'offline' }));
    expect(back.offline).toBe(false);
  });

  it('clears the alarm flag only when no alarm type is left in error', () => {
    let device = placedDeviceOf();
    device = applyToDevice(device, notification({}));
    device = applyToDevice(device, notification({ alarmType: 'humidity' }));
    expect(device).toMatchObject({ alarm: true, alarmTypes: ['temperature', 'humidity'] });
    device = applyToDevice(device, notification({ status: 'success' }));
    expect(device).toMatchObject({ alarm: true, alarmTypes: ['humidity'] });
    device = applyToDevice(device, notification({ status: 'success', alarmType: 'humidity' }));
    expect(device).toMatchObject({ alarm: false, alarmTypes: [] });
    expect(applyToDevice(device, notification({ status: 'info' }))).toBe(device);
  });

  it('patches the device on its map in the cache', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData<MapItem[]>(mapKeys.list, [mapOf()]);
    applyMapNotification(queryClient, notification({}));
    expect(queryClient.getQueryData<MapItem[]>(mapKeys.list)?.[0]?.deviceSettings[0]).toMatchObject(
      { alarm: true, alarmTypes: ['temperature'] },
    );
    const before = queryClient.getQueryData<MapItem[]>(mapKeys.list);
    applyMapNotification(queryClient, notification({ deviceDBId: ids.thirdDevice }));
    expect(queryClient.getQueryData(mapKeys.list)).toBe(before);
  });

  it('keeps the newest readings of each device', () => {
    const queryClient = new QueryClient();
    const reading = {
      deviceDBId: ids.device,
      deviceId: '00:1a:2b:3c:4d:5e',
      createdAt: '2026-11-24T10:00:10.000Z',
      temperature: 4.2,
      carbon: null,
      humidity: 40,
    };
    applyMapLiveData(queryClient, reading);
    applyMapLiveData(queryClient, {
      ...reading,
      createdAt: '2026-11-24T10:00:00.000Z',
      temperature: 9,
    });
    expect(queryClient.getQueryData<LiveReadings>(mapKeys.readings)?.[ids.device]).toEqual({
      temperature: 4.2,
      humidity: 40,
      carbon: null,
      createdAt: '2026-11-24T10:00:10.000Z',
    });
  });

  it('sounds while an error is active, until its success', () => {
    let sounding: ReadonlySet<string> = new Set();
    sounding = nextSounding(sounding, notification({}));
    sounding = nextSounding(sounding, notification({ type: 'offline', alarmType: 'offline' }));
    expect(sounding.size).toBe(2);
    sounding = nextSounding(sounding, notification({ status: 'info' }));
    sounding = nextSounding(sounding, notification({ status: 'success' }));
    expect([...sounding]).toEqual([`${ids.device}:offline`]);
    sounding = nextSounding(sounding, notification({ status: 'success', type: 'offline' }));
    expect(sounding.size).toBe(0);
  });
});
