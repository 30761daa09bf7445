import {
  alarmTypes,
  type AlarmEventState,
  type AlarmType,
  type auditResults,
  type MetricKey,
  type SignatureMeaning,
} from '@vigil/contracts';

/** The alarm event types the engine raises, as the alarm files name them. */
export const alarmTypeCodes = alarmTypes;
export type AlarmTypeCode = AlarmType;

/** The audit trail's `event` codes (as the web's auditTrail.codes.events names them). */
export const auditEventCodes = [
  'account',
  'alarm',
  'alertProfile',
  'auth',
  'connected',
  'dashboard',
  'device',
  'export',
  'firmware',
  'gateway',
  'location',
  'map',
  'message template',
  'report',
  'system',
  'user',
  'webhook',
] as const;
export type AuditEventCode = (typeof auditEventCodes)[number];

/** The audit trail's `action` codes (as the web's auditTrail.codes.actions names them). */
export const auditActionCodes = [
  'acknowledge',
  'activate',
  'apiKey',
  'assignUser',
  'auditPdf',
  'comment',
  'confirm',
  'create',
  'delete',
  'escalation',
  'favourite',
  'forgot',
  'link',
  'login',
  'logout',
  'loraFrequency',
  'offlineAlarms',
  'purge',
  'reset',
  'rotateSecret',
  'seed',
  'send',
  'signup',
  'unassignLocation',
  'unassignUser',
  'unfavourite',
  'unlock',
  'update',
  'upload',
  'voiceCall',
] as const;
export type AuditActionCode = (typeof auditActionCodes)[number];

/** The columns of an alarm file, in their order (the CSV has them all; the PDF all but comments). */
export const alarmColumnKeys = [
  'started',
  'ended',
  'duration',
  'alarm',
  'device',
  'deviceId',
  'location',
  'type',
  'value',
  'peak',
  'min',
  'max',
  'unit',
  'state',
  'acknowledged',
  'acknowledgedBy',
  'meaning',
  'comments',
] as const;
export type AlarmColumnKey = (typeof alarmColumnKeys)[number];

/**
 * The words of the files a person downloads (device data, alarms, audit trail), one set per
 * language. Where the web app shows the same thing, the words are its words (locales/*.json),
 * so that the file reads like the screen it was asked for from.
 */
export type ExportTexts = {
  /** Words every file uses. */
  common: {
    account: string;
    range: string;
    to: string;
    generatedAt: string;
    notAvailable: string;
    deletedUser: string;
  };
  /** The device-data CSV and PDF. */
  raw: {
    title: string;
    /** The PDF's document title (its metadata). */
    documentTitle: (device: string) => string;
    device: (name: string, deviceId: string, id: string) => string;
    readings: (total: number, unit: string) => string;
    summary: string;
    readingsHeading: string;
    timestampUtc: string;
    localTime: (timezone: string) => string;
    backfilled: string;
    /** The PDF's mark of a backfilled reading (the CSV writes true/false). */
    backfilledMark: string;
    noReadings: string;
    /** What each metric measures (the web's deviceData.metrics). */
    metrics: Record<MetricKey, string>;
    /** Door and water states (the web's deviceData.states). */
    states: { open: string; closed: string; present: string; low: string };
  };
  /** The alarm report CSV and PDF. */
  alarms: {
    title: string;
    events: (count: number, unit: string) => string;
    columns: Record<AlarmColumnKey, string>;
    states: Record<AlarmEventState, string>;
    /**
     * Each alarm type: English keeps the stored codes its files always showed (scripts filter
     * on them); Polish and German use the web app's names.
     */
    types: Record<AlarmTypeCode, string>;
    meanings: Record<SignatureMeaning, string>;
    /** A spill sensor's value: 0 low, else high. */
    water: { low: string; high: string };
    ongoing: string;
    duration: {
      days: (n: number) => string;
      hours: (n: number) => string;
      minutes: (n: number) => string;
      seconds: (n: number) => string;
    };
    acknowledgement: string;
    comment: string;
    noEvents: string;
  };
  /** The audit-trail PDF. */
  audit: {
    title: string;
    documentTitle: string;
    allAccounts: string;
    filter: (event: string, action: string, search: string | undefined) => string;
    any: string;
    firstEntry: string;
    now: string;
    timezoneNote: (timezone: string) => string;
    exportedBy: (who: string, at: string) => string;
    entries: (count: number) => string;
    verification: string;
    intact: (entries: number, chains: number) => string;
    broken: (chain: string, seq: string, reason: string, entries: number) => string;
    columns: {
      time: string;
      account: string;
      user: string;
      event: string;
      action: string;
      result: string;
      message: string;
    };
    platform: string;
    system: string;
    results: Record<(typeof auditResults)[number], string>;
    /** Event and action codes: English as stored (like alarm types), else the web's names. */
    events: Record<AuditEventCode, string>;
    actions: Record<AuditActionCode, string>;
    noEntries: string;
  };
};
