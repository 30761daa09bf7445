import type { Language, MessageMethod, MessageType, TemplatePlaceholder } from '@vigil/contracts';
import type { AlarmNotifyOccasion } from './alarm-notify.js';

export type TemperatureUnit = 'C' | 'F';

/**
 * The platform's default templates (account_id null), one per language and method. They are
 * the fallback for every user without a relation for the message type and method, and they
 * are (re)created on start when missing.
 */
export const defaultTemplates: {
  title: string;
  language: Language;
  method: MessageMethod;
  template: string;
}[] = [
  {
    title: 'Default email (en)',
    language: 'en',
    method: 'EMAIL',
    template: [
      '{{event}}: {{alarmName}}',
      '',
      'Device: {{deviceName}} ({{deviceId}})',
      'Location: {{locationName}}',
      'Incoming value: {{incomingValue}}',
      'Allowed range: {{alarmMin}} to {{alarmMax}}',
      '',
      '{{graphText}}: {{graphUrl}}',
    ].join('\n'),
  },
  {
    title: 'Default SMS (en)',
    language: 'en',
    method: 'SMS',
    template: '{{event}}: {{alarmName}} on {{deviceName}} ({{locationName}}): {{incomingValue}}',
  },
  {
    title: 'Domyślny e-mail (pl)',
    language: 'pl',
    method: 'EMAIL',
    template: [
      '{{event}}: {{alarmName}}',
      '',
      'Urządzenie: {{deviceName}} ({{deviceId}})',
      'Lokalizacja: {{locationName}}',
      'Odczyt: {{incomingValue}}',
      'Dozwolony zakres: od {{alarmMin}} do {{alarmMax}}',
      '',
      '{{graphText}}: {{graphUrl}}',
    ].join('\n'),
  },
  {
    title: 'Domyślny SMS (pl)',
    language: 'pl',
    method: 'SMS',
    template: '{{event}}: {{alarmName}}, {{deviceName}} ({{locationName}}): {{incomingValue}}',
  },
  {
    title: 'Standard-E-Mail (de)',
    language: 'de',
    method: 'EMAIL',
    template: [
      '{{event}}: {{alarmName}}',
      '',
      'Gerät: {{deviceName}} ({{deviceId}})',
      'Standort: {{locationName}}',
      'Messwert: {{incomingValue}}',
      'Erlaubter Bereich: {{alarmMin}} bis {{alarmMax}}',
      '',
      '{{graphText}}: {{graphUrl}}',
    ].join('\n'),
  },
  {
    title: 'Standard-SMS (de)',
    language: 'de',
    method: 'SMS',
    template: '{{event}}: {{alarmName}} an {{deviceName}} ({{locationName}}): {{incomingValue}}',
  },
];

const occasionTexts: Record<Language, Record<AlarmNotifyOccasion, string>> = {
  en: {
    raised: 'Alarm',
    repeat: 'Alarm reminder',
    cleared: 'Back in range',
    escalated: 'Escalated alarm',
  },
  pl: {
    raised: 'Alarm',
    repeat: 'Przypomnienie o alarmie',
    cleared: 'Powrót do zakresu',
    escalated: 'Eskalacja alarmu',
  },
  de: {
    raised: 'Alarm',
    repeat: 'Alarmerinnerung',
    cleared: 'Wieder im Bereich',
    escalated: 'Eskalierter Alarm',
  },
};

const graphTexts: Record<Language, string> = {
  en: 'See the chart',
  pl: 'Zobacz wykres',
  de: 'Diagramm ansehen',
};

export const occasionText = (language: Language, occasion: AlarmNotifyOccasion) =>
  occasionTexts[language][occasion];

/** Alarm event types whose values are temperatures (stored in Celsius). */
const temperatureTypes = new Set([
  'temperature',
  'thermocouple',
  'sht_temperature',
  'ln2_temperature',
]);
const typeUnits: Record<string, string> = {
  humidity: '%',
  co2: '%',
  carbon: '%',
  pressure: 'hPa',
  ln2_level: '%',
  battery: '%',
  light: 'lux',
};

/** The template relation type of an alarm event type; door/light/LN2 level use the defaults. */
export function messageTypeOf(eventType: string): MessageType | undefined {
  if (temperatureTypes.has(eventType)) return 'TEMPERATURE';
  const types: Record<string, MessageType> = {
    humidity: 'HUMIDITY',
    co2: 'CO2',
    carbon: 'CO2',
    pressure: 'PRESSURE',
    water: 'WATER',
    battery: 'BATTERY',
    offline: 'DEVICE_OFFLINE',
  };
  return types[eventType];
}

/** A reading or threshold as a person reads it: the account's unit for temperatures. */
export function shownValue(
  type: string,
  value: number | null | undefined,
  unit: TemperatureUnit,
): string {
  if (value === null || value === undefined || value === -255) return 'N/A';
  if (type === 'water') return value === 0 ? 'Low' : 'High';
  if (temperatureTypes.has(type)) {
    const shown = unit === 'F' ? 1.8 * value + 32 : value;
    return `${(Math.round(shown * 10) / 10).toFixed(1)} °${unit}`;
  }
  const suffix = typeUnits[type];
  const rounded = String(Math.round(value * 100) / 100);
  return suffix ? `${rounded} ${suffix}` : rounded;
}

/** What a message may say about its alarm event; thresholds in Celsius, shown in `unit`. */
export type MessageFacts = {
  occasion: AlarmNotifyOccasion;
  eventType: string;
  unit: TemperatureUnit;
  alarmName: string;
  value: number | null;
  min: number | null;
  max: number | null;
  thresholds: {
    minHumidity: number | null;
    maxHumidity: number | null;
    minTemp: number | null;
    maxTemp: number | null;
    minCarbon: number | null;
    maxCarbon: number | null;
    minPressure: number | null;
    maxPressure: number | null;
  };
  deviceName: string;
  deviceId: string;
  deviceRowId: string;
  locationName: string;
  graphUrl: string;
};

export function placeholderValues(
  facts: MessageFacts,
  language: Language,
): Record<TemplatePlaceholder, string> {
  const t = facts.thresholds;
  const show = (type: string, value: number | null) => shownValue(type, value, facts.unit);
  return {
    alarmName: facts.alarmName,
    alarmMin: show(facts.eventType, facts.min),
    alarmMax: show(facts.eventType, facts.max),
    alarmMinHumidity: show('humidity', t.minHumidity),
    alarmMaxHumidity: show('humidity', t.maxHumidity),
    alarmMinTemp: show('temperature', t.minTemp),
    alarmMaxTemp: show('temperature', t.maxTemp),
    alarmMinCarbon: show('co2', t.minCarbon),
    alarmMaxCarbon: show('co2', t.maxCarbon),
    alarmMinPressure: show('pressure', t.minPressure),
    alarmMaxPressure: show('pressure', t.maxPressure),
    graphText: graphTexts[language],
    graphUrl: facts.graphUrl,
    deviceName: facts.deviceName,
    deviceId: facts.deviceId,
    deviceUniqueNumber: facts.deviceRowId,
    locationName: facts.locationName || 'N/A',
    incomingValue: facts.eventType === 'offline' ? 'N/A' : show(facts.eventType, facts.value),
    event: occasionText(language, facts.occasion),
  };
}

/** Fills `{{name}}` placeholders; an unknown name is left as typed. */
export function renderTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, key: string) =>
    Object.hasOwn(values, key) ? (values[key] ?? '') : whole,
  );
}

/** The email subject: the occasion, the alarm and its device. */
export function emailSubject(facts: MessageFacts, language: Language): string {
  return `${occasionText(language, facts.occasion)}: ${facts.alarmName} – ${facts.deviceName}`;
}

/**
 * The link to the device's chart on the dashboard around the alarm time: the dashboard selects
 * `device`; `from`/`to` (ISO) frame the hour before and after the event for the chart.
 */
export function graphUrl(publicUrl: string, deviceRowId: string, at: Date): string {
  const from = new Date(at.getTime() - 3_600_000).toISOString();
  const to = new Date(at.getTime() + 3_600_000).toISOString();
  const query = new URLSearchParams({ device: deviceRowId, from, to });
  return `${publicUrl}/dashboard?${query.toString()}`;
}
