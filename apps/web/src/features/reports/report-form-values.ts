import {
  durationOf,
  reportDefaults,
  reportNameLength,
  type MessageCode,
  type Report,
  type ReportBody,
  type ReportFrequency,
  type ReportType,
} from '@vigil/contracts';

/** Spec monitoring 3: the metric flags each report type offers, in the form's order. */
export const metricFlags = {
  normal: ['temp', 'humidity', 'carbon', 'pressure', 'thermo_couple', 'insightReport'],
  optional: ['door', 'lnlvl', 'lntmp', 'water'],
} as const satisfies Record<ReportType, readonly string[]>;
export type MetricFlag = (typeof metricFlags)[ReportType][number];

/** A device or a recipient picked in the form: its id, what the list shows, and (users) the e-mail. */
export interface Member {
  id: string;
  label: string;
  email?: string;
}

export interface ReportDraft {
  type: ReportType;
  name: string;
  flags: Partial<Record<MetricFlag, boolean>>;
  enable: boolean;
  adminEnable: boolean;
  frequency: ReportFrequency;
  timezone: string;
  format: number;
  sortBy: number;
  devices: Member[];
  users: Member[];
}

/** The browser's IANA timezone, the default of a new report (Etc/UTC when it has none). */
export function browserTimezone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'Etc/UTC';
  } catch {
    return 'Etc/UTC';
  }
}

/** The UTC offset of `timeZone` at `at`, as the payload carries it ('+01:00', '-03:30'). */
export function utcOffset(timeZone: string, at = new Date()): string {
  try {
    const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value;
    const match = /GMT([+-])(\d{1,2})(?::(\d{2}))?/.exec(name ?? '');
    if (!match) return '+00:00';
    const [, sign = '+', hours = '0', minutes = '00'] = match;
    return `${sign}${hours.padStart(2, '0')}:${minutes}`;
  } catch {
    return '+00:00';
  }
}

const flagOf = (report: Report, flag: MetricFlag): boolean =>
  flag === 'thermo_couple' ? report.thermoCouple : report[flag];

/** A new report of `type` with the spec's defaults, or `report` as it is (edit mode). */
export function reportDraft(type: ReportType, report?: Report): ReportDraft {
  const defaults = reportDefaults[type];
  const common = reportDefaults.common;
  const flags = Object.fromEntries(
    metricFlags[type].map((flag) => [flag, report ? flagOf(report, flag) : defaults[flag]]),
  );
  if (!report)
    return {
      type,
      name: '',
      flags,
      enable: common.enable,
      adminEnable: common.adminEnable,
      frequency: common.frequency,
      timezone: browserTimezone(),
      format: common.format,
      sortBy: common.sortBy,
      devices: [],
      users: [],
    };
  return {
    type,
    name: report.name,
    flags,
    enable: report.enable,
    adminEnable: report.adminEnable,
    frequency: report.frequency as ReportFrequency,
    timezone: report.timezone,
    format: report.format,
    sortBy: report.sortBy,
    devices: report.reportsDevices.map((device) => ({ id: device.id, label: device.name })),
    users: report.reportsUsers.map((user) => ({
      id: user.id,
      label: user.name,
      email: user.email,
    })),
  };
}

/** Spec monitoring 3: the sent payload (group 1, duration and offset derived). */
export function reportPayload(draft: ReportDraft): ReportBody {
  return {
    name: draft.name.trim(),
    type: draft.type,
    ...draft.flags,
    enable: draft.enable,
    adminEnable: draft.adminEnable,
    frequency: draft.frequency,
    duration: durationOf(draft.frequency),
    timezone: draft.timezone,
    offset: utcOffset(draft.timezone),
    format: draft.format,
    sortBy: draft.sortBy,
    group: 1,
    devices: draft.devices.map((device) => device.id),
    users: draft.users.map((user) => user.id),
  };
}

/** The inline message under the name: required, at least 2 characters. */
export function nameIssue(name: string): MessageCode | undefined {
  const length = name.trim().length;
  if (length < reportNameLength.min) return 'reportNameRequired';
  if (length > reportNameLength.max) return 'reportNameTooLong';
  return undefined;
}

/** The payload field a draft's complaint is shown under. */
export type ReportField = 'name' | 'timezone' | 'users' | 'devices';

/**
 * Spec monitoring 5, in the order a person meets them: the name, the timezone, a recipient
 * (the owner picks users; without any, notify admin must be on), then a device. Every
 * complaint, each with the field it is shown under.
 */
export function draftIssues(
  draft: ReportDraft,
  { canPickUsers }: { canPickUsers: boolean },
): { field: ReportField; code: MessageCode }[] {
  const issues: { field: ReportField; code: MessageCode }[] = [];
  const name = nameIssue(draft.name);
  if (name) issues.push({ field: 'name', code: name });
  if (!draft.timezone) issues.push({ field: 'timezone', code: 'timezoneInvalid' });
  if (canPickUsers && draft.users.length === 0 && !draft.adminEnable)
    issues.push({ field: 'users', code: 'reportUserRequired' });
  if (draft.devices.length === 0) issues.push({ field: 'devices', code: 'reportDeviceRequired' });
  return issues;
}

/** The first of `draftIssues`. */
export const draftIssue = (
  draft: ReportDraft,
  options: { canPickUsers: boolean },
): MessageCode | undefined => draftIssues(draft, options)[0]?.code;

/**
 * `member` added to `list`, or the duplicate's message: devices by id, users by e-mail
 * (spec monitoring 5: 'device already exists', 'user already exists').
 */
export function addMember(
  list: Member[],
  member: Member,
  kind: 'device' | 'user',
): { list: Member[] } | { issue: MessageCode } {
  const same =
    kind === 'device'
      ? (other: Member) => other.id === member.id
      : (other: Member) =>
          other.id === member.id ||
          (member.email !== undefined && other.email?.toLowerCase() === member.email.toLowerCase());
  if (list.some(same))
    return { issue: kind === 'device' ? 'reportDeviceDuplicate' : 'reportUserDuplicate' };
  return { list: [...list, member] };
}
