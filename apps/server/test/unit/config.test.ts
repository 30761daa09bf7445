import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

describe('loadConfig', () => {
  it('has working defaults with nothing set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      roles: ['api', 'ingest', 'worker', 'broker'],
      mqttPort: 1883,
      demo: false,
      demoHistoryHours: 24,
      databaseUrl: undefined,
      sessionHours: 12,
      logLevel: 'info',
    });
    expect(config.dataDir).toMatch(/\/data$/);
  });

  it.each([
    [{ PORT: 'abc' }, /^Invalid PORT \("abc"\)/],
    [{ PORT: '70000' }, /^Invalid PORT \("70000"\)/],
    [{ DATABASE_URL: 'mysql://localhost/db' }, /^Invalid DATABASE_URL .*postgres:\/\//],
    [{ REDIS_URL: 'http://localhost' }, /^Invalid REDIS_URL .*redis:\/\//],
    [{ SMTP_URL: 'localhost:25' }, /^Invalid SMTP_URL/],
    [{ ROLES: 'api,bogus' }, /^Invalid ROLES \("api,bogus"\)/],
    [{ ROLES: '' }, /^Invalid ROLES/],
    [{ DEMO: 'maybe' }, /^Invalid DEMO \("maybe"\)/],
    [{ DEMO_HISTORY_HOURS: '-1' }, /^Invalid DEMO_HISTORY_HOURS \("-1"\)/],
    [{ JWT_SECRET: 'short' }, /^Invalid JWT_SECRET .*at least 32 characters/],
    [{ LOG_LEVEL: 'loud' }, /^Invalid LOG_LEVEL/],
  ])('gives one clear error for %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('runs no broker when an external one is configured', () => {
    expect(loadConfig({ MQTT_URL: 'mqtt://127.0.0.1:1883' }).roles).toEqual([
      'api',
      'ingest',
      'worker',
    ]);
    expect(() => loadConfig({ MQTT_URL: 'http://broker' })).toThrow(
      /^Invalid MQTT_URL .*mqtt:\/\//,
    );
  });

  it('reads roles, flags and URLs', () => {
    const config = loadConfig({
      ROLES: ' worker , api,worker',
      DEMO: 'on',
      PORT: '0',
      DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/vigil',
      PUBLIC_URL: 'https://vigil.example/',
    });
    expect(config.roles).toEqual(['worker', 'api']);
    expect(config.demo).toBe(true);
    expect(config.port).toBe(0);
    expect(config.publicUrl).toBe('https://vigil.example');
  });
});
