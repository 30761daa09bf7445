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
    [{ JWT_SECRET: 'short' }, /^Invalid JWT_SECRET: must be at least 32 characters$/],
    [{ LOG_LEVEL: 'loud' }, /^Invalid LOG_LEVEL/],
  ])('gives one clear error for %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('runs no broker when an external one is configured', () => {
    expect(loadConfig({ MQTT_URL: 'mqtt://127.0.0.1:1883', MQTT_AUTH: 'none' }).roles).toEqual([
      'api',
      'ingest',
      'worker',
    ]);
    expect(() => loadConfig({ MQTT_URL: 'http://broker' })).toThrow(
      /^Invalid MQTT_URL .*mqtt:\/\//,
    );
  });

  it('never shows a secret, or a password in a URL, in its error', () => {
    expect(() => loadConfig({ GATEWAY_SECRETS_KEY: 'short-secret' })).toThrow(
      /^Invalid GATEWAY_SECRETS_KEY: must be at least 32 characters$/,
    );
    expect(() => loadConfig({ MQTT_URL: 'http://vigil:hunter2@broker' })).toThrow(
      'Invalid MQTT_URL ("http://vigil:***@broker")',
    );
  });

  it('authenticates gateways on an external broker unless told not to', () => {
    const key = 'k'.repeat(32);
    const base = { MQTT_URL: 'mqtt://vigil:pw@broker:1883', GATEWAY_SECRETS_KEY: key };
    expect(loadConfig(base)).toMatchObject({
      mqttAuth: 'dynsec',
      mqttSessionExpirySeconds: 3600,
      mqttShareGroup: 'vigil-ingest',
    });
    expect(loadConfig({}).mqttAuth).toBeUndefined();
    expect(loadConfig({ MQTT_URL: 'mqtt://broker', MQTT_AUTH: 'none' }).mqttAuth).toBe('none');
    expect(loadConfig({ MQTT_CLIENT_ID: 'ingest-7' }).mqttClientId).toBe('ingest-7');
    expect(loadConfig({}).mqttClientId).toMatch(/^vigil-ingest-[A-Za-z0-9_-]+$/);
  });

  it.each([
    [{ MQTT_AUTH: 'dynsec' }, /^Invalid MQTT_AUTH: set it only with MQTT_URL/],
    [
      { MQTT_URL: 'mqtt://broker:1883' },
      /^MQTT_AUTH=dynsec needs the platform's own broker account in MQTT_URL/,
    ],
    [{ MQTT_URL: 'mqtt://vigil:pw@broker' }, /^MQTT_AUTH=dynsec needs GATEWAY_SECRETS_KEY/],
    [
      { MQTT_URL: 'mqtt://vigil:pw@broker', MQTT_AUTH: 'http' },
      /^MQTT_AUTH=http needs MQTT_HOOK_SECRET/,
    ],
    [{ MQTT_URL: 'mqtt://broker', MQTT_AUTH: 'open' }, /^Invalid MQTT_AUTH \("open"\)/],
    [{ MQTT_SESSION_EXPIRY_S: '0' }, /^Invalid MQTT_SESSION_EXPIRY_S/],
    [{ MQTT_SHARE_GROUP: 'a/b' }, /^Invalid MQTT_SHARE_GROUP/],
    [{ MQTT_CLIENT_ID: 'has space' }, /^Invalid MQTT_CLIENT_ID/],
  ])('refuses broker settings that cannot work, in one line: %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
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
