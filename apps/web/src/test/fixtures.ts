import type { Device, Gateway, Reading, Role, Session, User, UserMetadata } from '@vigil/contracts';
import { signIn } from '../lib/session';

export const ids = {
  admin: '00000000-0000-4000-8000-000000000001',
  owner: '00000000-0000-4000-8000-000000000002',
  viewer: '00000000-0000-4000-8000-000000000003',
  account: '00000000-0000-4000-8000-0000000000a1',
  session: '00000000-0000-4000-8000-0000000000f1',
  device: '00000000-0000-4000-8000-0000000000d1',
  gateway: '00000000-0000-4000-8000-0000000000b1',
  location: '00000000-0000-4000-8000-0000000000c1',
  otherDevice: '00000000-0000-4000-8000-0000000000d2',
  thirdDevice: '00000000-0000-4000-8000-0000000000d3',
  alarmEvent: '00000000-0000-4000-8000-0000000000e1',
};

const people: Record<Role, { id: string; email: string; name: string }> = {
  super_admin: { id: ids.admin, email: 'admin@vigil.test', name: 'Ada Admin' },
  super_user: { id: ids.owner, email: 'owner@demo.vigil.test', name: 'Olivia Owner' },
  user: { id: ids.viewer, email: 'viewer@demo.vigil.test', name: 'Victor Viewer' },
};

export function sessionOf(role: Role): Session {
  const person = people[role];
  return {
    jwt: `jwt-${role}`,
    sessionId: ids.session,
    email: person.email,
    role,
    userId: person.id,
  };
}

export function signInAs(role: Role): Session {
  const session = sessionOf(role);
  signIn(session);
  return session;
}

export function metadataOf(role: Role, extra: Partial<UserMetadata> = {}): UserMetadata {
  const person = people[role];
  const inAccount = role !== 'super_admin';
  return {
    id: person.id,
    name: person.name,
    email: person.email,
    role,
    language: 'en',
    accountId: inAccount ? ids.account : null,
    companyName: inAccount ? 'Demo Laboratory' : null,
    temperatureUnit: 'C',
    voiceCall: false,
    cameraUrl: null,
    alarmSoundMuted: false,
    ...extra,
  };
}

export function userOf(role: 'super_user' | 'user', extra: Partial<User> = {}): User {
  const person = people[role];
  return {
    id: person.id,
    name: person.name,
    email: person.email,
    countryCode: '+44',
    phoneNumber: '7700900123',
    usr: '',
    role,
    isActivated: true,
    accountId: ids.account,
    companyName: 'Demo Laboratory',
    parentId: null,
    createdAt: '2026-11-20T09:30:00.000Z',
    ...extra,
  };
}

export const pageOf = <T>(list: T[], page = 1, total = list.length) => ({
  list,
  meta: {
    pagination: {
      page,
      pageSize: 10,
      total,
      totalPages: Math.max(1, Math.ceil(total / 10)),
      currentPage: page,
    },
  },
});

const account = { id: ids.account, companyName: 'Demo Laboratory', email: 'owner@demo.vigil.test' };

export function gatewayOf(extra: Partial<Gateway> = {}): Gateway {
  return {
    id: ids.gateway,
    gatewayId: 'gw-lab-01',
    name: 'Lab gateway',
    loraFreq: '868.1',
    status: 'online',
    lastSeenAt: '2026-11-24T10:00:00.000Z',
    deviceCount: 3,
    account,
    esp32LastVersion: '1.4.0',
    esp32NewVersion: '1.5.0',
    loraLastVersion: '2.0.1',
    loraNewVersion: '2.0.1',
    nextionLastVersion: null,
    nextionNewVersion: null,
    loraMainStatus: null,
    mainOtaStatus: 'downloading 40%',
    nextionStatus: null,
    createdAt: '2026-11-20T09:30:00.000Z',
    ...extra,
  };
}

/** A reading with every metric missing (-255 on the wire); spread and set what a test needs. */
export const emptyReading: Reading = {
  createdAt: '2026-11-24T10:00:00.000Z',
  t: null,
  h: null,
  c: null,
  b: null,
  m: null,
  d: null,
  w: null,
  Node_Type: null,
  thermo: null,
  sht_t: null,
  sht_rh: null,
  sht_1_t: null,
  sht_1_rh: null,
  CO2_s: null,
  BV: null,
  water_s: null,
  ln2lvl: null,
  pressure: null,
  light_s: null,
  backfilled: false,
};

export function deviceOf(extra: Partial<Device> = {}): Device {
  return {
    id: ids.device,
    deviceId: '00:1a:2b:3c:4d:5e',
    name: 'Fridge 1',
    gatewayId: ids.gateway,
    gateway: { id: ids.gateway, name: 'Lab gateway', gatewayId: 'gw-lab-01' },
    locationId: ids.location,
    location: { id: ids.location, name: 'Cold room' },
    equipmentType: '-20C',
    equipmentStatus: 1,
    offlineAlarmEnable: 1,
    offlineAlarmFrequency: 30,
    ttl: 60,
    spillSensor: 0,
    invertWaterSignal: 0,
    timezone: 'Europe/Vaduz',
    status: 'active',
    nodeType: 1,
    lastSeenAt: '2026-11-24T10:00:00.000Z',
    latestData: { nodeData: null },
    lastAlarms: {},
    removedFromLocation: false,
    deviceUsers: [],
    account,
    fvLastVersion: null,
    fvNewVersion: null,
    createdAt: '2026-11-20T09:30:00.000Z',
    ...extra,
  };
}
