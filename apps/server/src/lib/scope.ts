import type { Role } from '@vigil/contracts';
import { forbidden, notFound } from '../errors.js';
import type { Actor } from './actor.js';

/**
 * What a route declares, beside its roles (STYLE.md 4):
 * - `account`: the caller's whole account; a super_admin, who has none, works on every account;
 * - `assigned-devices`: the same, narrowed for a `user` to the devices assigned to them;
 * - `platform`: platform-wide data, not one account's.
 */
export type DeclaredScope = 'account' | 'assigned-devices' | 'platform';

/**
 * Who may call a route and on whose data, declared once on the route (STYLE.md 4):
 * `{ public: true }` for sign-in and friends, otherwise the roles allowed and the scope
 * (above). The guard (`plugins/guard.ts`) resolves the caller's scope once (`request.scope`);
 * routes hand it to the service (`scopeOf(request)`), and repos take it as a required parameter.
 */
export type Guard = { public: true } | { roles: readonly Role[]; scope: DeclaredScope };

/**
 * Whose data a repo function may read or write: one account, or every account. Required by
 * every repo function on account data, so that "all accounts" is always said, never implied.
 */
export type AccountScope = { kind: 'account'; accountId: string } | { kind: 'platform' };

/**
 * The scope the guard resolved for a request (`request.scope`): every account, or one account,
 * and for a `user` on an `assigned-devices` route the user whose assigned devices it may see.
 */
export type Scope =
  { kind: 'platform' } | { kind: 'account'; accountId: string; assignedTo: string | null };

/** One account's part of a `Scope`. */
export type OwnScope = Extract<Scope, { kind: 'account' }>;

export const allAccounts = { kind: 'platform' } as const satisfies AccountScope & Scope;

/** One account's scope, for work without a request (jobs, the engine); `assignedTo` narrows it. */
export const inAccount = (accountId: string, assignedTo: string | null = null): OwnScope => ({
  kind: 'account',
  accountId,
  assignedTo,
});

/** The one place a caller's scope is derived from who they are: the guard and the socket handshake. */
export function resolveScope(actor: Actor, declared: DeclaredScope): Scope {
  if (declared === 'platform') return { kind: 'platform' };
  if (actor.role === 'super_admin' || actor.accountId === null) return { kind: 'platform' };
  const assignedTo = declared === 'assigned-devices' && actor.role === 'user' ? actor.userId : null;
  return { kind: 'account', accountId: actor.accountId, assignedTo };
}

/**
 * The account of a route that works on one account's inventory only. A platform administrator
 * has none, so these routes are not theirs (403), at the point the service asks for it.
 */
export function ownAccount(scope: Scope): OwnScope {
  if (scope.kind === 'platform') throw forbidden();
  return scope;
}

/**
 * Lists addressed by a user id (`GET /api/device/{id}/` and friends): the spec's client sends
 * the signed-in user's own id, and any other id is not found.
 */
export function ownListAccount(scope: Scope, userId: string, id: string): OwnScope {
  const own = ownAccount(scope);
  if (id !== userId) throw notFound();
  return own;
}

/** The assigned user of a scope, in the form repos filter on (`undefined`: the whole account). */
export const assignedToOf = (scope: Scope): string | undefined =>
  scope.kind === 'account' ? (scope.assignedTo ?? undefined) : undefined;
