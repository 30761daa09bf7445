import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { describe, expect, it } from 'vitest';
import { actorOfToken } from '../../src/modules/auth/session.js';
import { guardPlugin, type Guard } from '../../src/plugins/guard.js';

/** The guard alone, with infrastructure that knows no tokens: enough to see what it refuses. */
async function appWith(register: (app: ReturnType<typeof Fastify>) => void) {
  const app = Fastify();
  await app.register(
    fp(
      (instance) => {
        instance.decorate('tokens', {
          verify: () => Promise.resolve(undefined),
          sign: () => Promise.resolve(''),
        });
      },
      { name: 'infrastructure' },
    ),
  );
  await app.register(guardPlugin, {
    authenticate: (token, ip) => actorOfToken(app, token, ip),
  });
  register(app);
  return app;
}

describe('the route guard', () => {
  it('refuses to start when an /api route declares no guard', async () => {
    await expect(
      appWith((instance) => {
        instance.get('/api/forgotten', () => ({ ok: true }));
      }),
    ).rejects.toThrow('route GET /api/forgotten declares no guard');
  });

  it('refuses to start when a guarded /api route declares roles but no scope', async () => {
    // What a plain JavaScript caller (or a cast) could register: the type requires the scope.
    const rolesOnly = { roles: ['super_user'] } as unknown as Guard;
    await expect(
      appWith((instance) => {
        instance.get('/api/unscoped', { config: { guard: rolesOnly } }, () => ({ ok: true }));
      }),
    ).rejects.toThrow('route GET /api/unscoped declares no scope');
  });

  it('lets routes outside /api go without a guard', async () => {
    const app = await appWith((instance) => {
      instance.get('/outside', () => ({ ok: true }));
    });
    await app.ready();
    expect((await app.inject({ method: 'GET', url: '/outside' })).statusCode).toBe(200);
  });

  it('lets public routes through and records every guarded route', async () => {
    const app = await appWith((instance) => {
      instance.get('/api/open', { config: { guard: { public: true } } }, () => ({ ok: true }));
      instance.post(
        '/api/closed',
        { config: { guard: { roles: ['super_user'], scope: 'account' } } },
        () => ({
          ok: true,
        }),
      );
    });
    await app.ready();
    expect((await app.inject({ method: 'GET', url: '/api/open' })).statusCode).toBe(200);
    expect(app.guardedRoutes.map((route) => `${route.method} ${route.url}`)).toEqual([
      'GET /api/open',
      'POST /api/closed',
    ]);
  });

  it.each([undefined, 'Bearer undefined', 'Bearer not-a-jwt', 'Token abc'])(
    'answers 401 for the authorization header %j',
    async (authorization) => {
      const app = await appWith((instance) => {
        instance.post(
          '/api/closed',
          { config: { guard: { roles: ['super_user'], scope: 'account' } } },
          () => ({
            ok: true,
          }),
        );
      });
      app.setErrorHandler((error: { statusCode?: number }, _request, reply) =>
        reply.code(error.statusCode ?? 500).send(),
      );
      const response = await app.inject({
        method: 'POST',
        url: '/api/closed',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(response.statusCode).toBe(401);
    },
  );
});
