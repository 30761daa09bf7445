import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo } from '../helpers/fixtures.js';
import { createDemoApp, fakeDns, login, type TestApp } from '../helpers/test-app.js';

const metricsToken = 'metrics-token-0123456789abcdef';
let plain: TestApp;
let secure: TestApp;
beforeAll(async () => {
  plain = await createDemoApp(
    { PUBLIC_URL: 'http://vigil.example:8080' },
    { lookupHost: fakeDns({ 'hooks.example': ['93.184.215.14'] }) },
  );
  secure = await createDemoApp({
    PUBLIC_URL: 'https://vigil.example',
    METRICS_TOKEN: metricsToken,
  });
});
afterAll(async () => {
  await plain.close();
  await secure.close();
});

describe('security headers', () => {
  it('sends HSTS only when the public URL is https, and no https upgrade on http', async () => {
    const http = await plain.app.inject({ method: 'GET', url: '/healthz' });
    expect(http.headers['strict-transport-security']).toBeUndefined();
    expect(http.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    const https = await secure.app.inject({ method: 'GET', url: '/healthz' });
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(https.headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });

  it('lets pages connect only to the app itself and its socket form', async () => {
    const connectSrc = (csp: unknown) =>
      /connect-src ([^;]*)/.exec(String(csp))?.[1]?.split(' ').sort();
    const https = await secure.app.inject({ method: 'GET', url: '/healthz' });
    expect(connectSrc(https.headers['content-security-policy'])).toEqual([
      "'self'",
      'wss://vigil.example',
    ]);
    const http = await plain.app.inject({ method: 'GET', url: '/healthz' });
    expect(connectSrc(http.headers['content-security-policy'])).toEqual([
      "'self'",
      'ws://vigil.example:8080',
    ]);
    expect(String(http.headers['content-security-policy'])).not.toMatch(/ ws: | wss: |ws:;|wss:;/);
  });

  it('marks every reply with a token, a key or a secret no-store', async () => {
    const { app } = plain;
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: { email: demo.owner, password: 'vigil-demo' },
    });
    expect(signIn.headers['cache-control']).toBe('no-store');
    const { headers } = await login(app, demo.owner);
    const replies = [
      await app.inject({ method: 'POST', url: '/api/account/createApiKey', headers }),
      await app.inject({
        method: 'PUT',
        url: '/api/account/webhooks',
        headers,
        payload: { url: 'https://hooks.example/vigil', enable: false, rotateSecret: true },
      }),
      await app.inject({
        method: 'POST',
        url: '/api/gateway',
        headers,
        payload: { gatewayName: 'Header Gateway', gatewayId: 'gw-headers-01' },
      }),
      await app.inject({
        method: 'POST',
        url: '/api/auth/unlock',
        headers,
        payload: { password: 'vigil-demo' },
      }),
      await app.inject({ method: 'GET', url: '/api/user/metadata', headers }),
    ];
    for (const reply of replies) {
      expect({ status: reply.statusCode, cache: reply.headers['cache-control'] }).toMatchObject({
        status: expect.any(Number),
        cache: 'no-store',
      });
      expect(reply.statusCode).toBeLessThan(300);
    }
  });

  it('serves /metrics only with the bearer METRICS_TOKEN when one is set', async () => {
    const none = await secure.app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.json().errors[0].code).toBe('unauthorized');
    const wrong = await secure.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer not-the-token-at-all-000' },
    });
    expect(wrong.statusCode).toBe(401);
    const right = await secure.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${metricsToken}` },
    });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('vigil_http_request_duration_seconds');
    // Without METRICS_TOKEN the metrics stay open, as before.
    expect((await plain.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
  });
});
