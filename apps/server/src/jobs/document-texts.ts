/**
 * The words that every generated document (a report run, a device-data export) shares: the
 * cover lines, the statistics columns and the chart heading and legend, so that a report and
 * an export name the same things alike. Each document adds its own words around them.
 */
import type { Language } from '@vigil/contracts';

export type DocumentTexts = {
  cover: { account: string; timezone: string; generated: string; to: string };
  /** A statistics row's columns: metric, unit, readings, min, max, mean. */
  statisticsColumns: readonly string[];
  charts: string;
  chartLegend: string;
};

export const documentTexts: Record<Language, DocumentTexts> = {
  en: {
    cover: { account: 'Account', timezone: 'Time zone', generated: 'Generated', to: 'to' },
    statisticsColumns: ['metric', 'unit', 'readings', 'min', 'max', 'mean'],
    charts: 'Charts',
    chartLegend: 'hourly or per-minute means; dashed: alarm thresholds; breaks: data gaps',
  },
  pl: {
    cover: { account: 'Konto', timezone: 'Strefa czasowa', generated: 'Wygenerowano', to: 'do' },
    statisticsColumns: ['pomiar', 'jednostka', 'odczyty', 'min', 'max', 'średnia'],
    charts: 'Wykresy',
    chartLegend:
      'średnie godzinowe lub minutowe; linia przerywana: progi alarmu; przerwy: braki danych',
  },
  de: {
    cover: { account: 'Konto', timezone: 'Zeitzone', generated: 'Erstellt', to: 'bis' },
    statisticsColumns: ['Messgröße', 'Einheit', 'Messwerte', 'Min', 'Max', 'Mittelwert'],
    charts: 'Diagramme',
    chartLegend:
      'Stunden- oder Minutenmittel; gestrichelt: Alarmgrenzen; Unterbrechungen: Datenlücken',
  },
};

/** A number with `digits` decimals and the language's decimal mark; '-' for none. */
export function formatNumber(value: number | null, digits: number, language: Language): string {
  if (value === null) return '-';
  const fixed = value.toFixed(digits);
  return language === 'en' ? fixed : fixed.replace('.', ',');
}
