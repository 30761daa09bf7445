import { messages } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import de from './de.json';
import en from './en.json';
import pl from './pl.json';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') entries.set(prefix + key, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) entries.set(k, v);
  }
  return entries;
}

const english = flatten(en);
const translations = { pl: flatten(pl), de: flatten(de) };

/** Names and codes that are the same in every language. */
const sameEverywhere = new Set([
  'alarmAttention.deviceStates.offline',
  'alarmAttention.deviceStates.ok',
  'alarmAttention.types.co2',
  'alarmAttention.types.carbon',
  'alarmAttention.types.offline',
  'alarmAttention.duration.days',
  'alarmAttention.duration.minutes',
  'alarmAttention.duration.seconds',
  'app.name',
  'app.footer',
  'language.en',
  'language.pl',
  'language.de',
  'phone.numberPlaceholder',
  'nav.gateways',
  'users.columns.name',
  'users.form.name',
  'settings.offline.frequencies.30',
  'connection.online',
  'settings.temperature.celsius',
  'settings.temperature.fahrenheit',
  'settings.temperature.celsiusSymbol',
  'settings.temperature.fahrenheitSymbol',
  'connection.offline',
  'gateways.title',
  'dashboard.status.gateways',
  'gateways.megahertz',
  'deviceData.customRange',
  'deviceData.graph.min',
  'deviceData.graph.max',
  'deviceData.groups.co2',
  'deviceData.metrics.c',
  'deviceData.raw.seconds',
  'deviceData.raw.minutes',
  'deviceData.ranges.live',
  'deviceData.graph.live',
  'deviceData.export.progress',
  'notifications.kinds.sms',
  'notifications.channels.sms',
  'notifications.channels.webhook',
  'notifications.methods.SMS',
  'notifications.types.CO2',
  'notifications.columns.text',
  'notifications.webhook.tab',
  'accounts.gatewaysModal.name',
  'accounts.gatewaysModal.online',
  'accounts.gatewaysModal.offline',
  'auditTrail.system',
  'auditTrail.export.status',
  'auditTrail.codes.events.alarm',
  'auditTrail.codes.events.dashboard',
  'auditTrail.codes.events.export',
  'auditTrail.codes.events.firmware',
  'auditTrail.codes.events.gateway',
  'auditTrail.codes.events.system',
  'auditTrail.codes.events.webhook',
]);

const placeholders = (text: string) =>
  [...text.matchAll(/{{\w+}}|<\/?\w+>/g)].map((m) => m[0]).sort();

describe.each(Object.entries(translations))('the %s translation', (language, entries) => {
  it('has every key of en.json and no other', () => {
    expect([...entries.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it('is translated, not English left in place', () => {
    const untranslated = [...english]
      .filter(([key, text]) => !sameEverywhere.has(key) && entries.get(key) === text)
      .map(([key]) => key);
    expect(untranslated, `${language}: still English`).toEqual([]);
  });

  it('keeps every interpolation and markup tag', () => {
    for (const [key, text] of english) {
      expect(placeholders(entries.get(key) ?? ''), `${language}: ${key}`).toEqual(
        placeholders(text),
      );
    }
  });
});

describe('error messages', () => {
  it('has errors.<code> for every catalogue code, in the catalogue’s English', () => {
    for (const [code, text] of Object.entries(messages)) {
      expect(english.get(`errors.${code}`), code).toBe(text);
    }
    const codes = [...english.keys()].filter((key) => key.startsWith('errors.'));
    expect(codes).toHaveLength(Object.keys(messages).length);
  });
});
