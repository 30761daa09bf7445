import type { Role, Session, User, UserMetadata } from '@vigil/contracts';
import { signIn } from '../lib/session';

export const ids = {
  admin: '00000000-0000-4000-8000-000000000001',
  owner: '00000000-0000-4000-8000-000000000002',
  viewer: '00000000-0000-4000-8000-000000000003',
  account: '00000000-0000-4000-8000-0000000000a1',
  session: '00000000-0000-4000-8000-0000000000f1',
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

export const pageOf = (list: User[], page = 1, total = list.length) => ({
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
