import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/db/client.js';

/**
 * The callers of the role and tenancy matrix. `other` is the owner of a second account
 * addressing the demo account's objects: they must never see them (404).
 */
export type Caller = 'anonymous' | 'super_admin' | 'super_user' | 'user' | 'other';
export const callers: Caller[] = ['anonymous', 'super_admin', 'super_user', 'user', 'other'];

export type MatrixContext = {
  app: FastifyInstance;
  db: Db;
  /** Bearer headers of each caller (empty for anonymous). */
  headers: (caller: Caller) => Record<string, string>;
  /** Ids that setups create and calls use: demoAccountId, ownerId, viewerId, otherAccountId, ... */
  ids: Record<string, string>;
};

export type Call = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** The route as registered, e.g. '/api/user/:id'. */
  route: string;
  url: (context: MatrixContext, caller: Caller) => string | Promise<string>;
  body?: (context: MatrixContext, caller: Caller) => unknown;
  headers?: (context: MatrixContext, caller: Caller) => Record<string, string>;
  expected: Record<Caller, number>;
  /** Calls that end the caller's session get a session of their own. */
  freshSession?: boolean;
};

/** One domain's part of the matrix: its calls and the objects they need. */
export type MatrixModule = {
  calls: Call[];
  setup?: (context: MatrixContext) => Promise<void>;
};

export const all = (status: number): Record<Caller, number> => ({
  anonymous: status,
  super_admin: status,
  super_user: status,
  user: status,
  other: status,
});

/** Statuses in the order anonymous, super_admin, super_user, user, other. */
export const statuses = (
  anonymous: number,
  superAdmin: number,
  superUser: number,
  user: number,
  other: number,
) => ({
  anonymous,
  super_admin: superAdmin,
  super_user: superUser,
  user,
  other,
});
