import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { notificationId } from '../../src/modules/notifications/fan-out.js';
import {
  graphUrl,
  messageTypeOf,
  renderTemplate,
  shownValue,
} from '../../src/modules/notifications/templates.js';
import { verifyWebhookSignature, webhookSignature } from '../../src/notify/webhook.js';

describe('message templates', () => {
  it.each([
    ['{{deviceName}} at {{incomingValue}}', 'Fridge at 9.4 °C'],
    ['{{ deviceName }}!', 'Fridge!'],
    ['{{typo}} stays', '{{typo}} stays'],
    ['{{constructor}} is no value', '{{constructor}} is no value'],
    ['no placeholders', 'no placeholders'],
  ])('renders %j', (template, expected) => {
    expect(renderTemplate(template, { deviceName: 'Fridge', incomingValue: '9.4 °C' })).toBe(
      expected,
    );
  });

  it.each([
    ['temperature', 9.44, 'C', '9.4 °C'],
    ['temperature', 9.44, 'F', '49.0 °F'],
    ['temperature', -80, 'F', '-112.0 °F'],
    ['humidity', 55.555, 'F', '55.56 %'],
    ['water', 1, 'C', 'High'],
    ['water', 0, 'C', 'Low'],
    ['temperature', -255, 'C', 'N/A'],
    ['pressure', null, 'C', 'N/A'],
  ] as const)('shows %s %s in %s as %s', (type, value, unit, expected) => {
    expect(shownValue(type, value, unit)).toBe(expected);
  });

  it.each([
    ['temperature', 'TEMPERATURE'],
    ['thermocouple', 'TEMPERATURE'],
    ['humidity', 'HUMIDITY'],
    ['co2', 'CO2'],
    ['water', 'WATER'],
    ['offline', 'DEVICE_OFFLINE'],
    ['door', undefined],
  ])('maps the event type %s to the message type %s', (type, expected) => {
    expect(messageTypeOf(type)).toBe(expected);
  });

  it('links to the device on the dashboard an hour either side of the reading', () => {
    const url = new URL(
      graphUrl('https://vigil.example', 'dev-1', new Date('2026-01-01T12:00:00Z')),
    );
    expect(url.pathname).toBe('/dashboard');
    expect(url.searchParams.get('device')).toBe('dev-1');
    expect(url.searchParams.get('from')).toBe('2026-01-01T11:00:00.000Z');
    expect(url.searchParams.get('to')).toBe('2026-01-01T13:00:00.000Z');
  });
});

describe('notification identity and signatures', () => {
  it('derives the same UUID from the same parts, another from others', () => {
    const id = notificationId(['event', 'raised', '1', 'email', 'user']);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(notificationId(['event', 'raised', '1', 'email', 'user'])).toBe(id);
    expect(notificationId(['event', 'raised', '2', 'email', 'user'])).not.toBe(id);
  });

  it('signs timestamp and body; any change breaks the signature', () => {
    const signature = webhookSignature('whsec_1', '1700000000', '{"a":1}');
    expect(signature).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(verifyWebhookSignature('whsec_1', '1700000000', '{"a":1}', signature)).toBe(true);
    expect(verifyWebhookSignature('whsec_1', '1700000001', '{"a":1}', signature)).toBe(false);
    expect(verifyWebhookSignature('whsec_1', '1700000000', '{"a":2}', signature)).toBe(false);
    expect(verifyWebhookSignature('whsec_2', '1700000000', '{"a":1}', signature)).toBe(false);
  });
});

describe('SMS provider configuration', () => {
  it('is set only when all four variables are', () => {
    const env = {
      SMS_API_URL: 'https://sms.example/',
      SMS_ACCOUNT_SID: 'AC1',
      SMS_AUTH_TOKEN: 'token',
      SMS_FROM: '+15005550006',
    };
    expect(loadConfig(env).sms).toEqual({
      apiUrl: 'https://sms.example',
      accountSid: 'AC1',
      authToken: 'token',
      from: '+15005550006',
    });
    expect(loadConfig({ ...env, SMS_FROM: undefined }).sms).toBeUndefined();
    expect(() => loadConfig({ ...env, SMS_API_URL: 'ftp://x' })).toThrow(/SMS_API_URL/);
  });
});
