import type { Role } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/errors.js';
import type { Actor } from '../../src/lib/actor.js';
import {
  ownAccount,
  ownListAccount,
  resolveScope,
  type DeclaredScope,
  type Scope,
} from '../../src/lib/scope.js';

const accountId = '00000000-0000-4000-8000-00000000000a';
const userId = '00000000-0000-4000-8000-00000000000b';

function actor(role: Role): Actor {
  return {
    userId,
    sessionId: 'session',
    email: `${role}@vigil.test`,
    name: role,
    role,
    // The database holds it: a super_admin has no account, everyone else has one.
    accountId: role === 'super_admin' ? null : accountId,
    accountName: role === 'super_admin' ? null : 'Lab',
    language: 'en',
    ip: null,
  };
}

const platform: Scope = { kind: 'platform' };
const wholeAccount: Scope = { kind: 'account', accountId, assignedTo: null };
const assigned: Scope = { kind: 'account', accountId, assignedTo: userId };

describe('the scope the guard resolves', () => {
  it.each<[Role, DeclaredScope, Scope]>([
    ['super_admin', 'account', platform],
    ['super_admin', 'assigned-devices', platform],
    ['super_admin', 'platform', platform],
    ['super_user', 'account', wholeAccount],
    ['super_user', 'assigned-devices', wholeAccount],
    ['super_user', 'platform', platform],
    ['user', 'account', wholeAccount],
    ['user', 'assigned-devices', assigned],
    ['user', 'platform', platform],
  ])('a %s on a route scoped %s', (role, declared, expected) => {
    expect(resolveScope(actor(role), declared)).toEqual(expected);
  });
});

function statusOf(run: () => unknown): number | 'none' {
  try {
    run();
    return 'none';
  } catch (error) {
    if (error instanceof AppError) return error.statusCode;
    throw error;
  }
}

describe('own-account routes', () => {
  it('refuse the platform (403) and hand an account its own scope', () => {
    expect(statusOf(() => ownAccount(platform))).toBe(403);
    expect(ownAccount(assigned)).toBe(assigned);
  });

  it('answer 403 before 404 on lists addressed by a user id', () => {
    expect(statusOf(() => ownListAccount(platform, userId, 'someone-else'))).toBe(403);
    expect(statusOf(() => ownListAccount(wholeAccount, userId, 'someone-else'))).toBe(404);
    expect(ownListAccount(wholeAccount, userId, userId)).toBe(wholeAccount);
  });
});
