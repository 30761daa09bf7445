import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  await test.close();
});

describe('operations endpoints', () => {
  it('reports liveness and the database', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', db: 'ok', roles: ['api', 'worker'] });
  });

  it('exposes Prometheus metrics, HTTP timings included', async () => {
    await test.app.inject({ method: 'GET', url: '/healthz' });
    const response = await test.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toContain('vigil_process_cpu_seconds_total');
    expect(response.body).toMatch(
      /vigil_http_request_duration_seconds_count\{method="GET",route="\/healthz",status="200"\} \d+/,
    );
  });

  it('documents every route in OpenAPI, with the UI at /api/docs', async () => {
    const spec = (await test.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(spec.openapi).toMatch(/^3\./);
    for (const route of test.app.guardedRoutes) {
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      expect(
        spec.paths[path]?.[route.method.toLowerCase()],
        `${route.method} ${route.url}`,
      ).toBeDefined();
    }
    const ui = await test.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
  });

  it('answers unknown API paths with the error envelope', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ errors: [{ message: '404 not found', code: 'notFound' }] });
  });

  it('refuses malformed JSON with a clear error', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/auth',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].message).toBe('The request is not valid');
  });
});
