import { readFileSync } from 'node:fs';
import { languages, metricKeys, signatureMeanings, type Language } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import {
  decimalText,
  exportTexts,
  localDateTime,
  summaryColumns,
} from '../../src/jobs/exports/texts/index.js';
import {
  alarmTypeCodes,
  auditActionCodes,
  auditEventCodes,
} from '../../src/jobs/exports/texts/types.js';

/** The web app's words in a language (apps/web/src/locales), by dotted key. */
function webWords(language: Language): (key: string) => unknown {
  const url = new URL(`../../../web/src/locales/${language}.json`, import.meta.url);
  const tree = JSON.parse(readFileSync(url, 'utf8')) as Record<string, unknown>;
  return (key) =>
    key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], tree);
}

/** Every leaf of a words table: its path and whether it is a string or a function. */
function leaves(node: unknown, path = ''): [string, string][] {
  if (typeof node === 'string' || typeof node === 'function') return [[path, typeof node]];
  return Object.entries(node as Record<string, unknown>).flatMap(([key, child]) =>
    leaves(child, path ? `${path}.${key}` : key),
  );
}

const other: Language[] = ['pl', 'de'];

describe('the words of downloaded files', () => {
  it('has every word in every language, none empty', () => {
    const english = leaves(exportTexts.en);
    for (const language of languages) {
      expect(leaves(exportTexts[language])).toEqual(english);
      for (const [path, kind] of leaves(exportTexts[language])) {
        if (kind !== 'string') continue;
        const word = path
          .split('.')
          .reduce<unknown>(
            (node, part) => (node as Record<string, unknown>)[part],
            exportTexts[language],
          );
        expect(word, `${language} ${path}`).not.toBe('');
      }
    }
  });

  it('names metrics, states and alarm words as the web app shows them', () => {
    for (const language of languages) {
      const web = webWords(language);
      const texts = exportTexts[language];
      for (const metric of metricKeys)
        expect(texts.raw.metrics[metric]).toBe(web(`deviceData.metrics.${metric}`));
      for (const state of ['open', 'closed', 'present', 'low'] as const)
        expect(texts.raw.states[state]).toBe(web(`deviceData.states.${state}`));
      expect(texts.raw.noReadings).toBe(`${String(web('deviceData.raw.empty'))}.`);
      expect(texts.common.notAvailable).toBe(web('common.notAvailable'));
      expect(texts.alarms.water).toEqual(web('alarmEvents.water'));
      for (const meaning of signatureMeanings)
        expect(texts.alarms.meanings[meaning]).toBe(web(`alarmAttention.meanings.${meaning}`));
      for (const unit of ['days', 'hours', 'minutes', 'seconds'] as const)
        expect(texts.alarms.duration[unit](7)).toBe(
          String(web(`alarmAttention.duration.${unit}`)).replace('{{n}}', '7'),
        );
    }
    // English keeps its stored codes and lower-case words, as its files always had them.
    for (const language of other) {
      const web = webWords(language);
      const texts = exportTexts[language];
      expect(texts.alarms.states).toEqual(web('alarmAttention.states'));
      expect(texts.alarms.ongoing).toBe(web('alarmAttention.ongoing'));
      expect(texts.common.deletedUser).toBe(web('alarmEvents.comments.deletedUser'));
      for (const type of alarmTypeCodes)
        expect(texts.alarms.types[type]).toBe(web(`alarmAttention.types.${type}`));
      expect(texts.audit.columns).toEqual(web('auditTrail.columns'));
      expect(texts.audit.results).toEqual(web('auditTrail.results'));
      expect(texts.audit.events).toEqual(web('auditTrail.codes.events'));
      expect(texts.audit.actions).toEqual(web('auditTrail.codes.actions'));
      expect(texts.audit.platform).toBe(web('auditTrail.platform'));
      expect(texts.audit.noEntries).toBe(web('auditTrail.empty'));
    }
  });

  it('knows every audit code the web app names, and English writes codes as stored', () => {
    const web = webWords('en');
    expect([...auditEventCodes].sort()).toEqual(
      Object.keys(web('auditTrail.codes.events') as object).sort(),
    );
    expect([...auditActionCodes].sort()).toEqual(
      Object.keys(web('auditTrail.codes.actions') as object).sort(),
    );
    expect(exportTexts.en.audit.events['message template']).toBe('message template');
    expect(exportTexts.en.alarms.types.ln2_level).toBe('ln2_level');
  });

  it('reuses the reports’ words for a statistics row', () => {
    expect(summaryColumns('en')).toEqual(['metric', 'unit', 'readings', 'min', 'max', 'mean']);
    expect(summaryColumns('pl')).toEqual([
      'pomiar',
      'jednostka',
      'odczyty',
      'min',
      'max',
      'średnia',
    ]);
    expect(summaryColumns('de')).toEqual([
      'Messgröße',
      'Einheit',
      'Messwerte',
      'Min',
      'Max',
      'Mittelwert',
    ]);
  });

  it('writes numbers and times as the web app does in each language', () => {
    expect(decimalText(-111.55, 'en')).toBe('-111.55');
    expect(decimalText(-111.55, 'pl')).toBe('-111,55');
    expect(decimalText(40, 'de')).toBe('40');
    const at = Date.parse('2025-06-01T10:03:05Z');
    expect(localDateTime(at, 'Europe/Vaduz', 'en', 'second')).toBe('01/06/2025, 12:03:05');
    expect(localDateTime(at, 'Europe/Vaduz', 'pl', 'second')).toBe('1.06.2025, 12:03:05');
    expect(localDateTime(at, 'Europe/Vaduz', 'de', 'minute')).toBe('01.06.25, 12:03');
  });
});
