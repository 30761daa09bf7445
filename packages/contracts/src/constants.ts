export const roles = ['super_admin', 'super_user', 'user'] as const;
export type Role = (typeof roles)[number];

export const languages = ['en', 'pl', 'de'] as const;
export type Language = (typeof languages)[number];

export const temperatureUnits = ['C', 'F'] as const;
export type TemperatureUnit = (typeof temperatureUnits)[number];

/** Spec platform 9: phone country default gb (+44; also +91, +1). */
export const countryCodes = ['+44', '+91', '+1'] as const;
export const defaultCountryCode = '+44';

export const pageSizes = { table: 10, full: 1000, mapLocations: 100 } as const;

/** Spec platform 9: offline alarm frequency options in minutes; 0 = use the account setting. */
export const deviceOfflineFrequencies = [0, 30, 60, 90, 120] as const;
/** Spec monitoring 9: the account-wide offline alarm frequency options in minutes. */
export const accountOfflineFrequencies = [30, 60, 90, 120] as const;
export const offlineMaxAlarms = { oneTime: 1, repeating: 24 } as const;
/** Spec platform 9: first offline alert trigger (ttl) in minutes; default 60. */
export const ttlOptions = [25, 30, 40, 50, 60] as const;
export const defaultTtl = 60;
export const equipmentTypes = [
  'N/A',
  '+4C',
  '-20C',
  '-30C',
  '-80C',
  'Ambient',
  'Incubator',
  'Cryofreezer',
] as const;

/** Issue 18: at least 10 characters (the spec's 6 was too weak); demo logins keep theirs. */
export const passwordMinLength = 10;
export const nameMinLength = 2;
export const nameMaxLength = 50;

/** The value a sensor sends for "no reading". */
export const noReading = -255;

/** Alarm event types whose values are temperatures (stored in Celsius). */
const temperatureAlarmTypes = new Set(['temperature', 'thermocouple', 'ln2_temperature']);
const alarmTypeUnits: Record<string, string> = {
  humidity: '%',
  co2: '%',
  carbon: '%',
  pressure: 'hPa',
  ln2_level: '%',
  battery: '%',
  light: 'lux',
};

/** The unit an alarm type's values are shown in (°C or °F for temperatures); '' for none. */
export function alarmUnit(type: string, unit: TemperatureUnit): string {
  return temperatureAlarmTypes.has(type) ? `°${unit}` : (alarmTypeUnits[type] ?? '');
}

/** Whether an alarm type's values are temperatures, converted to the account's unit. */
export const isTemperatureAlarm = (type: string): boolean => temperatureAlarmTypes.has(type);
