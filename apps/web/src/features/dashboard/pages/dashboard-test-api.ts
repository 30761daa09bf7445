import type { Device, Location, OverviewDevice, Reading } from '@vigil/contracts';
import { fakeApi, ok, type FakeReply, type FakeRequest } from '../../../test/fake-api';
import { deviceOf, emptyReading, ids, metadataOf, pageOf, signInAs } from '../../../test/fixtures';

/** Test data and a fake server for the dashboard's tests. */
export const coldRoom: Location = {
  id: ids.location,
  name: 'Cold room',
  deviceCount: 1,
  createdAt: '2026-11-20T09:30:00.000Z',
};

export const connectedCounts = {
  deviceCount: 12,
  gatewayCount: 2,
  totalOfflineDevices: 3,
  totalOfflineGateway: 1,
  gateways: { activeGateways: 1, inActiveGateways: 1, neverConnected: 0 },
  devices: { activeDevices: 9, inActiveDevices: 3, neverReported: 1 },
};

export const statusOf = (
  latest: Partial<Reading> | null,
  status: 'active' | 'inactive' = 'active',
  extra: Partial<OverviewDevice> = {},
): OverviewDevice => ({
  id: ids.device,
  deviceId: '00:1a:2b:3c:4d:5e',
  name: 'Fridge 1',
  locationId: ids.location,
  location: 'Cold room',
  equipmentType: '+4C',
  nodeType: 1,
  status,
  lastSeenAt: '2026-11-24T10:00:00.000Z',
  latest: latest ? { ...emptyReading, ...latest } : null,
  state: status === 'active' ? 'ok' : 'offline',
  alarms: [],
  ...extra,
});

type Route = FakeReply | ((request: FakeRequest) => FakeReply);

interface DashboardApiOptions {
  role?: 'super_user' | 'user';
  devices?: Device[];
  locations?: Location[];
  unit?: 'C' | 'F';
  extra?: Record<string, Route>;
}

export function dashboardApi(options: DashboardApiOptions = {}) {
  const {
    role = 'super_user',
    devices = [deviceOf()],
    locations = [coldRoom],
    unit = 'C',
  } = options;
  const session = signInAs(role);
  return fakeApi({
    'GET /api/user/metadata': ok(metadataOf(role, { temperatureUnit: unit })),
    'GET /api/user/dashboard': ok(null),
    'PUT /api/user/dashboard': (request) => ok(request.body),
    [`GET /api/device/${session.userId}/`]: (request) =>
      ok(
        pageOf(
          request.query.get('location') === 'false'
            ? devices.filter((device) => !device.locationId)
            : devices,
        ),
      ),
    [`GET /api/location/${session.userId}`]: ok(pageOf(locations)),
    'GET /api/misc/connectedStatus': ok(connectedCounts),
    [`GET /api/device/${ids.device}/status`]: ok(statusOf({ t: 4.5, h: 41.26 })),
    'POST /api/alarms/recentDoorOpenings': ok(pageOf([])),
    'POST /api/alarms/recentAlarms/v2': ok(pageOf([])),
    'GET /api/device/overview': ok({
      devices: devices.map((device) =>
        statusOf(device.latestData.nodeData, device.status, {
          id: device.id,
          name: device.name,
          locationId: device.locationId,
          location: device.location?.name ?? null,
          lastSeenAt: device.lastSeenAt,
        }),
      ),
    }),
    'GET /api/device/sparklines': ok({
      from: '2026-11-24T04:00:00.000Z',
      to: '2026-11-24T10:00:00.000Z',
      slotSeconds: 600,
      series: [],
    }),
    ...options.extra,
  });
}
