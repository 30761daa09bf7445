import { forbidden, notFound } from '../../errors.js';
import type { Actor } from '../../lib/actor.js';

/**
 * The account whose inventory the actor works on. Inventory routes are guarded to roles that
 * have one; a platform administrator has none, so own-account routes are not theirs (403).
 */
export function ownAccountId(actor: Actor): string {
  if (actor.role === 'super_admin' || actor.accountId === null) throw forbidden();
  return actor.accountId;
}

/**
 * Lists addressed by a user id (`GET /api/device/{id}/` and friends): the spec's client
 * sends the signed-in user's own id, and any other id is not found.
 */
export function ownListAccountId(actor: Actor, id: string): string {
  const accountId = ownAccountId(actor);
  if (id !== actor.userId) throw notFound();
  return accountId;
}

/** A `user` sees only the devices assigned to them; owners see the whole account. */
export const assignedOnly = (actor: Actor): string | undefined =>
  actor.role === 'user' ? actor.userId : undefined;

export function pagination(page: number, pageSize: number, total: number) {
  return {
    page,
    pageSize,
    total,
    totalPages: Math.max(1, Math.ceil(total / pageSize)),
    currentPage: page,
  };
}
