import { signatureMeaningTexts } from '@vigil/contracts';
import { documentTexts } from '../../document-texts.js';
import {
  alarmTypeCodes,
  auditActionCodes,
  auditEventCodes,
  type AlarmTypeCode,
  type AuditActionCode,
  type AuditEventCode,
  type ExportTexts,
} from './types.js';

/** Each code as itself: English files show the stored codes. */
function asStored<Code extends string>(codes: readonly Code[]): Record<Code, string> {
  const words = {} as Record<Code, string>;
  for (const code of codes) words[code] = code;
  return words;
}

const report = documentTexts.en;

export const en: ExportTexts = {
  common: {
    account: report.cover.account,
    range: 'Range',
    to: report.cover.to,
    generatedAt: 'Generated at',
    notAvailable: 'N/A',
    deletedUser: 'deleted user',
  },
  raw: {
    title: 'Raw data export',
    documentTitle: (device) => `Raw data of ${device}`,
    device: (name, deviceId, id) => `Device: ${name} (${deviceId}), id ${id}`,
    readings: (total, unit) => `Readings: ${total}; temperatures in °${unit}`,
    summary: 'Summary',
    readingsHeading: 'Readings',
    timestampUtc: 'timestamp (UTC)',
    localTime: (timezone) => `local time (${timezone})`,
    backfilled: 'backfilled',
    backfilledMark: 'yes',
    noReadings: 'No readings in this range.',
    metrics: {
      t: 'Temperature',
      h: 'Humidity',
      c: 'CO2',
      b: 'Battery',
      d: 'Door',
      w: 'Water',
      thermo: 'Thermocouple',
      sht_t: 'Ambient temperature',
      sht_rh: 'Ambient humidity',
      sht_1_t: 'Ambient temperature 2',
      sht_1_rh: 'Ambient humidity 2',
      co2_s: 'CO2 sensor',
      bv: 'Battery level',
      water_s: 'Spill sensor',
      ln2lvl: 'LN2 level',
      pressure: 'Pressure',
      light_s: 'Light',
    },
    states: { open: 'Open', closed: 'Closed', present: 'Present', low: 'Low' },
  },
  alarms: {
    title: 'Alarm report',
    events: (count, unit) => `Alarm events: ${count}; temperatures in °${unit}`,
    columns: {
      started: 'started',
      ended: 'ended',
      duration: 'duration',
      alarm: 'alarm',
      device: 'device',
      deviceId: 'device ID',
      location: 'location',
      type: 'type',
      value: 'value',
      peak: 'peak',
      min: 'min',
      max: 'max',
      unit: 'unit',
      state: 'state',
      acknowledged: 'acknowledged',
      acknowledgedBy: 'acknowledged by',
      meaning: 'signature meaning',
      comments: 'comments',
    },
    states: {
      active: 'active',
      acknowledged: 'acknowledged',
      recovered: 'recovered',
      recovered_unacknowledged: 'recovered unacknowledged',
    },
    types: asStored<AlarmTypeCode>(alarmTypeCodes),
    meanings: signatureMeaningTexts,
    water: { low: 'Low', high: 'High' },
    ongoing: 'ongoing',
    duration: {
      days: (n) => `${n} d`,
      hours: (n) => `${n} h`,
      minutes: (n) => `${n} min`,
      seconds: (n) => `${n} s`,
    },
    acknowledgement: 'acknowledgement',
    comment: 'Comment',
    noEvents: 'No alarms in this range.',
  },
  audit: {
    title: 'Audit trail export',
    documentTitle: 'Audit trail',
    allAccounts: 'all accounts',
    filter: (event, action, search) =>
      `Filter: event ${event}; action ${action}; search ${search === undefined ? 'none' : `"${search}"`}`,
    any: 'any',
    firstEntry: 'first entry',
    now: 'now',
    timezoneNote: (timezone) =>
      `${report.cover.timezone}: ${timezone} (every time in this document)`,
    exportedBy: (who, at) => `Exported by: ${who} at ${at}`,
    entries: (count) => `Entries: ${count}, newest first`,
    verification: 'Hash chain verification',
    intact: (entries, chains) =>
      `intact: ${entries} entries in ${chains} chain(s) verified from their first entry to their head, no broken link`,
    broken: (chain, seq, reason, entries) =>
      `BROKEN: chain ${chain} at seq ${seq} (${reason}); ${entries} entries verified before it`,
    columns: {
      time: 'time',
      account: 'account',
      user: 'user',
      event: 'event',
      action: 'action',
      result: 'result',
      message: 'message',
    },
    platform: 'platform',
    system: 'system',
    results: { success: 'success', failure: 'failure' },
    events: asStored<AuditEventCode>(auditEventCodes),
    actions: asStored<AuditActionCode>(auditActionCodes),
    noEntries: 'No audit entries match this filter.',
  },
};
