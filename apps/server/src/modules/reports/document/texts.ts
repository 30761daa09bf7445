/**
 * The words of a report run (PDF, CSV and mail) in each language a person can choose. Numbers
 * keep the language's decimal mark in the PDF and the mail; the CSV keeps a point so that any
 * spreadsheet or script reads it the same way.
 */
import type { Language } from '@vigil/contracts';
import { documentTexts } from '../../../jobs/document-texts.js';
import type { Insight } from './model.js';

/** Writes a number with the language's decimal mark. */
type Num = (value: number, digits: number) => string;

export type ReportTexts = {
  /** The CSV header; every language names the same columns in the same order. */
  csvColumns: readonly string[];
  records: { statistics: string; event: string; insight: string };
  metrics: Record<string, string>;
  alarmTypes: Record<string, string>;
  cover: {
    account: string;
    period: string;
    timezone: string;
    generated: string;
    units: (unit: string) => string;
    to: string;
  };
  table: readonly string[];
  doorCells: (count: number, openMinutes: string, longestMinutes: string) => string[];
  insights: string;
  /** One sentence of the insight report; `metric` is already in the language. */
  insight: (insight: Insight, number: Num, metric: string) => string;
  charts: string;
  chartNoData: string;
  chartLegend: string;
  events: string;
  noEvents: string;
  cleared: string;
  acknowledged: (at: string, by: string) => string;
  notAcknowledged: string;
  page: (n: number, of: number) => string;
  mail: {
    subject: (name: string, period: string) => string;
    greeting: (name: string) => string;
    attached: (what: string) => string;
    linked: (what: string, megabytes: number) => string;
    what: (name: string, period: string, timezone: string) => string;
    periodRange: (from: string, to: string) => string;
    link: string;
    linkValidity: string;
  };
  notificationText: (name: string, day: string) => string;
};

const en: ReportTexts = {
  csvColumns: [
    'record',
    'period start',
    'period end',
    'device',
    ...documentTexts.en.statisticsColumns,
    'MKT',
    'alarm low',
    'alarm high',
    'minutes out of range',
    'data gaps',
    'minutes in gaps',
    'door openings',
    'minutes open',
    'longest open (minutes)',
    'alarm raised',
    'alarm value',
    'alarm cleared',
    'acknowledged',
    'acknowledged by',
    'comment',
  ],
  records: { statistics: 'statistics', event: 'alarm event', insight: 'insight' },
  metrics: {
    temperature: 'Temperature',
    humidity: 'Humidity',
    co2: 'CO2',
    pressure: 'Pressure',
    thermocouple: 'Thermocouple',
    ln2_level: 'LN2 level',
    ln2_temperature: 'LN2 temperature',
    door: 'Door openings',
    spill: 'Spills',
  },
  alarmTypes: {
    temperature: 'temperature',
    humidity: 'humidity',
    co2: 'CO2',
    thermocouple: 'thermocouple',
    pressure: 'pressure',
    ln2_temperature: 'LN2 temperature',
    ln2_level: 'LN2 level',
    water: 'spill',
    battery: 'battery',
    door: 'door',
    light: 'light',
    offline: 'offline',
  },
  cover: {
    ...documentTexts.en.cover,
    period: 'Period',
    units: (unit) => `Temperatures in °${unit}; MKT with activation energy 83.144 kJ/mol`,
  },
  table: ['device', 'metric', 'n', 'min', 'max', 'mean', 'MKT', 'alarm range', 'min out', 'gaps'],
  doorCells: (count, open, longest) => [
    `${count} opened`,
    `${open} min open`,
    `longest ${longest} min`,
  ],
  insights: 'Insights',
  insight: (insight, n, metric) => {
    switch (insight.kind) {
      case 'outOfRange':
        return `${insight.device}: ${metric} out of its alarm range for ${n(insight.minutes, 1)} min (${n(insight.percent, 1)} % of the period).`;
      case 'mktOutside':
        return `${insight.device}: the MKT of ${metric}, ${n(insight.mkt, 2)} ${insight.unit}, is outside the alarm range.`;
      case 'gaps':
        return `${insight.device}: ${insight.count} data gap(s), ${n(insight.minutes, 0)} min without readings.`;
      case 'unacknowledged':
        return `${insight.count} alarm event(s) not acknowledged.`;
      case 'clear':
        return 'All readings stayed within their alarm ranges, with no data gaps and no unacknowledged alarms.';
    }
  },
  charts: documentTexts.en.charts,
  chartNoData: 'No readings in the period.',
  chartLegend: documentTexts.en.chartLegend,
  events: 'Alarm events',
  noEvents: 'No alarm events in the period.',
  cleared: 'cleared',
  acknowledged: (at, by) => `acknowledged ${at} by ${by}`,
  notAcknowledged: 'not acknowledged',
  page: (n, of) => `Page ${n} of ${of}`,
  mail: {
    subject: (name, period) => `Report ${name}: ${period}`,
    greeting: (name) => `Hello ${name},`,
    attached: (what) => `attached is ${what}.`,
    linked: (what, mb) =>
      `${what} is ready; it is too large to attach (${mb} MB), download it with the link below.`,
    what: (name, period, timezone) => `the report "${name}" for ${period} (${timezone})`,
    periodRange: (from, to) => `${from} to ${to}`,
    link: 'Download the report',
    linkValidity: 'The link is valid for 7 days; the report stays on the Reports page.',
  },
  notificationText: (name, day) => `Report "${name}" ${day}`,
};

const pl: ReportTexts = {
  csvColumns: [
    'rekord',
    'początek okresu',
    'koniec okresu',
    'urządzenie',
    ...documentTexts.pl.statisticsColumns,
    'MKT',
    'próg dolny alarmu',
    'próg górny alarmu',
    'minuty poza zakresem',
    'przerwy w danych',
    'minuty przerw',
    'otwarcia drzwi',
    'minuty otwarcia',
    'najdłuższe otwarcie (minuty)',
    'alarm zgłoszony',
    'wartość alarmu',
    'alarm ustąpił',
    'potwierdzono',
    'potwierdził(a)',
    'komentarz',
  ],
  records: { statistics: 'statystyki', event: 'zdarzenie alarmowe', insight: 'wniosek' },
  metrics: {
    temperature: 'Temperatura',
    humidity: 'Wilgotność',
    co2: 'CO2',
    pressure: 'Ciśnienie',
    thermocouple: 'Termopara',
    ln2_level: 'Poziom LN2',
    ln2_temperature: 'Temperatura LN2',
    door: 'Otwarcia drzwi',
    spill: 'Wycieki',
  },
  alarmTypes: {
    temperature: 'temperatura',
    humidity: 'wilgotność',
    co2: 'CO2',
    thermocouple: 'termopara',
    pressure: 'ciśnienie',
    ln2_temperature: 'temperatura LN2',
    ln2_level: 'poziom LN2',
    water: 'wyciek',
    battery: 'bateria',
    door: 'drzwi',
    light: 'światło',
    offline: 'offline',
  },
  cover: {
    ...documentTexts.pl.cover,
    period: 'Okres',
    units: (unit) => `Temperatury w °${unit}; MKT z energią aktywacji 83,144 kJ/mol`,
  },
  table: [
    'urządzenie',
    'pomiar',
    'n',
    'min',
    'max',
    'średnia',
    'MKT',
    'zakres alarmu',
    'min poza',
    'przerwy',
  ],
  doorCells: (count, open, longest) => [
    `otwarto ${count}×`,
    `${open} min otwarte`,
    `najdłużej ${longest} min`,
  ],
  insights: 'Wnioski',
  insight: (insight, n, metric) => {
    switch (insight.kind) {
      case 'outOfRange':
        return `${insight.device}: ${metric} poza zakresem alarmu przez ${n(insight.minutes, 1)} min (${n(insight.percent, 1)} % okresu).`;
      case 'mktOutside':
        return `${insight.device}: MKT (${metric}) ${n(insight.mkt, 2)} ${insight.unit} jest poza zakresem alarmu.`;
      case 'gaps':
        return `${insight.device}: przerwy w danych: ${insight.count}, łącznie ${n(insight.minutes, 0)} min bez odczytów.`;
      case 'unacknowledged':
        return `Niepotwierdzone zdarzenia alarmowe: ${insight.count}.`;
      case 'clear':
        return 'Wszystkie odczyty mieściły się w zakresach alarmów, bez przerw w danych i bez niepotwierdzonych alarmów.';
    }
  },
  charts: documentTexts.pl.charts,
  chartNoData: 'Brak odczytów w okresie.',
  chartLegend: documentTexts.pl.chartLegend,
  events: 'Zdarzenia alarmowe',
  noEvents: 'Brak zdarzeń alarmowych w okresie.',
  cleared: 'ustąpił',
  acknowledged: (at, by) => `potwierdzono ${at}, ${by}`,
  notAcknowledged: 'niepotwierdzony',
  page: (n, of) => `Strona ${n} z ${of}`,
  mail: {
    subject: (name, period) => `Raport ${name}: ${period}`,
    greeting: (name) => `Dzień dobry ${name},`,
    attached: (what) => `w załączniku ${what}.`,
    linked: (what, mb) =>
      `${what} jest gotowy; jest za duży na załącznik (${mb} MB), pobierz go z linku poniżej.`,
    what: (name, period, timezone) => `raport „${name}” za okres ${period} (${timezone})`,
    periodRange: (from, to) => `${from} – ${to}`,
    link: 'Pobierz raport',
    linkValidity: 'Link jest ważny przez 7 dni; raport pozostaje na stronie Raporty.',
  },
  notificationText: (name, day) => `Raport „${name}” ${day}`,
};

const de: ReportTexts = {
  csvColumns: [
    'Datensatz',
    'Beginn des Zeitraums',
    'Ende des Zeitraums',
    'Gerät',
    ...documentTexts.de.statisticsColumns,
    'MKT',
    'Alarm unten',
    'Alarm oben',
    'Minuten außerhalb',
    'Datenlücken',
    'Minuten in Lücken',
    'Türöffnungen',
    'Minuten offen',
    'längste Öffnung (Minuten)',
    'Alarm ausgelöst',
    'Alarmwert',
    'Alarm beendet',
    'bestätigt',
    'bestätigt von',
    'Kommentar',
  ],
  records: { statistics: 'Statistik', event: 'Alarmereignis', insight: 'Erkenntnis' },
  metrics: {
    temperature: 'Temperatur',
    humidity: 'Luftfeuchte',
    co2: 'CO2',
    pressure: 'Druck',
    thermocouple: 'Thermoelement',
    ln2_level: 'LN2-Füllstand',
    ln2_temperature: 'LN2-Temperatur',
    door: 'Türöffnungen',
    spill: 'Leckagen',
  },
  alarmTypes: {
    temperature: 'Temperatur',
    humidity: 'Luftfeuchte',
    co2: 'CO2',
    thermocouple: 'Thermoelement',
    pressure: 'Druck',
    ln2_temperature: 'LN2-Temperatur',
    ln2_level: 'LN2-Füllstand',
    water: 'Leckage',
    battery: 'Batterie',
    door: 'Tür',
    light: 'Licht',
    offline: 'offline',
  },
  cover: {
    ...documentTexts.de.cover,
    period: 'Zeitraum',
    units: (unit) => `Temperaturen in °${unit}; MKT mit Aktivierungsenergie 83,144 kJ/mol`,
  },
  table: [
    'Gerät',
    'Messgröße',
    'n',
    'Min',
    'Max',
    'Mittel',
    'MKT',
    'Alarmbereich',
    'Min außerh.',
    'Lücken',
  ],
  doorCells: (count, open, longest) => [
    `${count}× geöffnet`,
    `${open} min offen`,
    `längste ${longest} min`,
  ],
  insights: 'Erkenntnisse',
  insight: (insight, n, metric) => {
    switch (insight.kind) {
      case 'outOfRange':
        return `${insight.device}: ${metric} ${n(insight.minutes, 1)} min außerhalb des Alarmbereichs (${n(insight.percent, 1)} % des Zeitraums).`;
      case 'mktOutside':
        return `${insight.device}: die MKT (${metric}) von ${n(insight.mkt, 2)} ${insight.unit} liegt außerhalb des Alarmbereichs.`;
      case 'gaps':
        return `${insight.device}: Datenlücken: ${insight.count}, zusammen ${n(insight.minutes, 0)} min ohne Messwerte.`;
      case 'unacknowledged':
        return `Nicht bestätigte Alarmereignisse: ${insight.count}.`;
      case 'clear':
        return 'Alle Messwerte blieben in ihren Alarmbereichen, ohne Datenlücken und ohne unbestätigte Alarme.';
    }
  },
  charts: documentTexts.de.charts,
  chartNoData: 'Keine Messwerte im Zeitraum.',
  chartLegend: documentTexts.de.chartLegend,
  events: 'Alarmereignisse',
  noEvents: 'Keine Alarmereignisse im Zeitraum.',
  cleared: 'beendet',
  acknowledged: (at, by) => `bestätigt ${at} von ${by}`,
  notAcknowledged: 'nicht bestätigt',
  page: (n, of) => `Seite ${n} von ${of}`,
  mail: {
    subject: (name, period) => `Bericht ${name}: ${period}`,
    greeting: (name) => `Hallo ${name},`,
    attached: (what) => `anbei ${what}.`,
    linked: (what, mb) =>
      `${what} ist fertig; er ist zu groß für einen Anhang (${mb} MB), laden Sie ihn über den Link unten herunter.`,
    what: (name, period, timezone) => `der Bericht „${name}“ für ${period} (${timezone})`,
    periodRange: (from, to) => `${from} bis ${to}`,
    link: 'Bericht herunterladen',
    linkValidity: 'Der Link ist 7 Tage gültig; der Bericht bleibt auf der Seite Berichte.',
  },
  notificationText: (name, day) => `Bericht „${name}“ ${day}`,
};

export const reportTexts: Record<Language, ReportTexts> = { en, pl, de };
