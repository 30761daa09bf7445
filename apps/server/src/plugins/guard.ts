import type { Role } from '@vigil/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../errors.js';
import type { Actor, Authenticate } from '../lib/actor.js';
import { resolveScope, type DeclaredScope, type Guard, type Scope } from '../lib/scope.js';

export type { Guard };

declare module 'fastify' {
  interface FastifyContextConfig {
    guard?: Guard;
  }
  interface FastifyRequest {
    actor: Actor | null;
    scope: Scope | null;
  }
  interface FastifyInstance {
    /** Every /api route with its guard, as registered (the role matrix test checks it covers them all). */
    guardedRoutes: { method: string; url: string; guard: Guard }[];
  }
}

export const anyRole: readonly Role[] = ['super_admin', 'super_user', 'user'];

/** The signed-in actor of a guarded route; the guard has run, so there is one. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

/** The scope the guard resolved for a guarded route's caller. */
export function scopeOf(request: FastifyRequest): Scope {
  if (!request.scope) throw unauthorized();
  return request.scope;
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return undefined;
  const token = header.slice('Bearer '.length).trim();
  return token === '' || token === 'undefined' ? undefined : token;
}

async function authenticate(check: Authenticate, request: FastifyRequest): Promise<Actor> {
  const actor = await check(bearerToken(request), request.ip);
  if (!actor) throw unauthorized();
  return actor;
}

const scopes = new Set<unknown>([
  'account',
  'assigned-devices',
  'platform',
] satisfies DeclaredScope[]);

/** `authenticate`: the actor of a bearer token (modules/auth, handed in by app.ts). */
export const guardPlugin = fp(
  (app: FastifyInstance, options: { authenticate: Authenticate }) => {
    app.decorateRequest('actor', null);
    app.decorateRequest('scope', null);
    const guardedRoutes: FastifyInstance['guardedRoutes'] = [];
    app.decorate('guardedRoutes', guardedRoutes);

    // A route under /api without a declared guard, or with roles but no scope, is a programming
    // error: refuse to start.
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
      const guard = route.config?.guard;
      if (!guard)
        throw new Error(`route ${route.method.toString()} ${route.url} declares no guard`);
      if (!('public' in guard) && !scopes.has(guard.scope))
        throw new Error(`route ${route.method.toString()} ${route.url} declares no scope`);
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') guardedRoutes.push({ method, url: route.url, guard });
      }
    });

    app.addHook('onRequest', async (request) => {
      const guard = request.routeOptions.config.guard;
      if (!guard || 'public' in guard) return;
      const actor = await authenticate(options.authenticate, request);
      if (!guard.roles.includes(actor.role)) throw forbidden();
      request.actor = actor;
      request.scope = resolveScope(actor, guard.scope);
    });
  },
  { name: 'guard', dependencies: ['infrastructure'] },
);
