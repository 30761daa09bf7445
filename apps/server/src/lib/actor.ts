import type { Language, Role } from '@vigil/contracts';

/** The signed-in person a request acts for, as the auth guard established it. */
export type Actor = {
  userId: string;
  sessionId: string;
  email: string;
  name: string;
  role: Role;
  accountId: string | null;
  accountName: string | null;
  language: Language;
  ip: string | null;
};

/** Who the audit trail names for an entry; a person, or nobody for events before sign-in. */
export type AuditSubject = {
  userId: string | null;
  email: string | null;
  accountId: string | null;
  accountName: string | null;
  ip: string | null;
};

export function subjectOf(actor: Actor): AuditSubject {
  return {
    userId: actor.userId,
    email: actor.email,
    accountId: actor.accountId,
    accountName: actor.accountName,
    ip: actor.ip,
  };
}

/**
 * The actor a bearer token stands for, or undefined (modules/auth/session.ts `actorOfToken`):
 * handed to the route guard and the socket handshake by the composition root.
 */
export type Authenticate = (
  token: string | undefined,
  ip: string | null,
) => Promise<Actor | undefined>;
