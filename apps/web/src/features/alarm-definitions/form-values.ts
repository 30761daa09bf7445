import {
  countryCodes,
  defaultCountryCode,
  alarmDefaults,
  alarmMetrics,
  type AlarmMetricKey,
  type AlertProfile,
  type DeviceAlarm,
  type TemperatureUnit,
  temperatureMetrics,
} from '@vigil/contracts';
import { fromCelsius } from '../../lib/temperature';

/**
 * The alarm and alert profile forms (spec monitoring 2, 4, 9): each metric's enable checkbox
 * and range in the account's unit; the API speaks Celsius, so temperatures convert here.
 */
export type Range = [number, number];
export interface MetricDraft {
  enabled: boolean;
  range: Range;
}

/** A recipient in the form: an account user (userId) or a contact added by email and phone. */
export interface RecipientDraft {
  userId?: string;
  label: string;
  email: string;
  countryCode: string;
  phoneNumber: string;
}

export interface DeliveryDraft {
  recipients: RecipientDraft[];
  delayMinutes: number;
  frequency: number;
  oneTime: boolean;
  timezone: string;
  emailEnable: boolean;
  textEnable: boolean;
  callEnable: boolean;
  adminEnable: boolean;
  enable: boolean;
}

export interface AlarmDraft extends DeliveryDraft {
  name: string;
  metrics: Record<AlarmMetricKey, MetricDraft>;
  waterEnabled: boolean;
}

const round = (value: number, digits: number) => Number(value.toFixed(digits));
const isTemperature = (key: AlarmMetricKey) => temperatureMetrics.includes(key);

export const toCelsius = (value: number, unit: TemperatureUnit) =>
  unit === 'F' ? (value - 32) / 1.8 : value;

/** A metric's slider bounds in the shown unit (Celsius -200..200 is Fahrenheit -328..392). */
export function metricBounds(key: AlarmMetricKey, unit: TemperatureUnit): Range {
  const metric = alarmMetrics.find((m) => m.key === key) ?? alarmMetrics[0];
  if (!isTemperature(key)) return [metric.low, metric.high];
  return [round(fromCelsius(metric.low, unit), 1), round(fromCelsius(metric.high, unit), 1)];
}

/** Starting ranges of a new alarm, in Celsius or the metric's own unit. */
const startRanges: Record<AlarmMetricKey, Range> = {
  temp: [2, 8],
  shtT: [-30, 30],
  humidity: [30, 70],
  carbon: [0, 5],
  pressure: [900, 1100],
  lntmp: [-196, -150],
  ln2Level: [20, 100],
};

const shown = (key: AlarmMetricKey, value: number, unit: TemperatureUnit) =>
  isTemperature(key) ? round(fromCelsius(value, unit), 1) : value;
const sent = (key: AlarmMetricKey, value: number, unit: TemperatureUnit) =>
  isTemperature(key) ? round(toCelsius(value, unit), 2) : value;

export const defaultDelivery = (): DeliveryDraft => ({
  recipients: [],
  delayMinutes: alarmDefaults.delay,
  frequency: alarmDefaults.frequency,
  oneTime: alarmDefaults.oneTime,
  timezone: alarmDefaults.timezone,
  emailEnable: true,
  textEnable: false,
  callEnable: false,
  adminEnable: true,
  enable: true,
});

type Stored = Pick<DeviceAlarm, (typeof alarmMetrics)[number]['enabled' | 'min' | 'max']> & {
  waterEnabled: boolean;
};

/** The form's metrics from a stored alarm or profile (or the start ranges for a new one). */
export function metricDrafts(
  stored: Stored | undefined,
  unit: TemperatureUnit,
): Record<AlarmMetricKey, MetricDraft> {
  const entries = alarmMetrics.map((metric) => {
    const min = stored?.[metric.min] ?? startRanges[metric.key][0];
    const max = stored?.[metric.max] ?? startRanges[metric.key][1];
    const draft: MetricDraft = {
      enabled: stored?.[metric.enabled] ?? metric.key === 'temp',
      range: [shown(metric.key, min, unit), shown(metric.key, max, unit)],
    };
    return [metric.key, draft] as const;
  });
  return Object.fromEntries(entries) as Record<AlarmMetricKey, MetricDraft>;
}

/** The threshold fields of a payload, in Celsius. */
export function thresholdPayload(
  metrics: Record<AlarmMetricKey, MetricDraft>,
  waterEnabled: boolean,
  unit: TemperatureUnit,
) {
  const fields: Record<string, boolean | number> = { waterEnabled };
  for (const metric of alarmMetrics) {
    const draft = metrics[metric.key];
    fields[metric.enabled] = draft.enabled;
    fields[metric.min] = sent(metric.key, draft.range[0], unit);
    fields[metric.max] = sent(metric.key, draft.range[1], unit);
  }
  return fields;
}

export function deliveryDraft(stored: DeviceAlarm | AlertProfile | undefined): DeliveryDraft {
  if (!stored) return defaultDelivery();
  return {
    recipients: stored.alarmUsers.map((user) => ({
      ...(user.userId ? { userId: user.userId } : {}),
      label: user.name ?? user.email,
      email: user.email,
      countryCode: user.countryCode,
      phoneNumber: user.phoneNumber,
    })),
    delayMinutes: stored.delay / 60,
    frequency: stored.frequency,
    oneTime: stored.oneTime,
    timezone: stored.timezone,
    emailEnable: stored.emailEnable,
    textEnable: stored.textEnable,
    callEnable: stored.callEnable,
    adminEnable: stored.adminEnable,
    enable: stored.enable,
  };
}

type CountryCode = (typeof countryCodes)[number];
const countryCodeOf = (code: string): CountryCode =>
  countryCodes.find((known) => known === code) ?? defaultCountryCode;

/** Delivery fields of a payload: delay minutes go as seconds (x60). */
export function deliveryPayload(draft: DeliveryDraft) {
  return {
    users: draft.recipients.map((r) =>
      r.userId
        ? { userId: r.userId }
        : { email: r.email, countryCode: countryCodeOf(r.countryCode), phoneNumber: r.phoneNumber },
    ),
    delay: draft.delayMinutes * 60,
    frequency: draft.frequency,
    one_time: draft.oneTime,
    timezone: draft.timezone,
    emailEnable: draft.emailEnable,
    callEnable: draft.callEnable,
    adminEnable: draft.adminEnable,
    enable: draft.enable,
  };
}

export function alarmDraft(alarm: DeviceAlarm | undefined, unit: TemperatureUnit): AlarmDraft {
  return {
    name: alarm?.name ?? '',
    metrics: metricDrafts(alarm, unit),
    waterEnabled: alarm?.waterEnabled ?? false,
    ...deliveryDraft(alarm),
  };
}

/** The setAlarm / PUT body (without the device), temperatures in Celsius. */
export function alarmPayload(draft: AlarmDraft, unit: TemperatureUnit) {
  return {
    name: draft.name,
    ...thresholdPayload(draft.metrics, draft.waterEnabled, unit),
    ...deliveryPayload(draft),
    textEnable: draft.textEnable,
  };
}

/** The same thresholds shown in another unit (the account's unit may arrive after the form opened). */
export function convertMetrics(
  metrics: Record<AlarmMetricKey, MetricDraft>,
  from: TemperatureUnit,
  to: TemperatureUnit,
): Record<AlarmMetricKey, MetricDraft> {
  if (from === to) return metrics;
  const entries = alarmMetrics.map(({ key }) => {
    const draft = metrics[key];
    if (!isTemperature(key)) return [key, draft] as const;
    const convert = (value: number) => shown(key, toCelsius(value, from), to);
    const range: Range = [convert(draft.range[0]), convert(draft.range[1])];
    return [key, { ...draft, range }] as const;
  });
  return Object.fromEntries(entries) as Record<AlarmMetricKey, MetricDraft>;
}
