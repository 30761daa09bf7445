import { reportBody } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import {
  addMember,
  draftIssue,
  reportDraft,
  reportPayload,
  utcOffset,
  type ReportDraft,
} from './report-form-values';
import { reportOf } from './test/report-fixtures';

const fridge = { id: '00000000-0000-4000-8000-0000000000d1', label: 'Fridge A1' };
const incubator = { id: '00000000-0000-4000-8000-0000000000d2', label: 'Incubator CO2 #1' };
const viewer = {
  id: '00000000-0000-4000-8000-000000000003',
  label: 'Victor Viewer',
  email: 'viewer@demo.vigil.test',
};

const named = (draft: ReportDraft, name = 'Weekly fridges'): ReportDraft => ({ ...draft, name });

describe('report form values', () => {
  it('starts a new report with the spec’s defaults of its type', () => {
    const environment = reportDraft('normal');
    expect(environment.flags).toEqual({
      temp: true,
      humidity: true,
      carbon: true,
      pressure: false,
      thermo_couple: false,
      insightReport: false,
    });
    expect(environment).toMatchObject({
      frequency: 1,
      format: 0,
      sortBy: 1,
      adminEnable: true,
      enable: true,
      devices: [],
      users: [],
    });
    // The browser's timezone by default.
    expect(environment.timezone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(reportDraft('optional').flags).toEqual({
      door: true,
      lnlvl: true,
      lntmp: true,
      water: true,
    });
  });

  it('sends the spec’s payload, which the server’s schema accepts', () => {
    const draft: ReportDraft = {
      ...named(reportDraft('normal'), '  Weekly fridges '),
      frequency: 2,
      timezone: 'Asia/Kolkata',
      format: 1,
      devices: [fridge, incubator],
      users: [viewer],
    };
    const payload = reportPayload(draft);
    expect(payload).toEqual({
      name: 'Weekly fridges',
      type: 'normal',
      temp: true,
      humidity: true,
      carbon: true,
      pressure: false,
      thermo_couple: false,
      insightReport: false,
      enable: true,
      adminEnable: true,
      frequency: 2,
      duration: 1,
      timezone: 'Asia/Kolkata',
      offset: '+05:30',
      format: 1,
      sortBy: 1,
      group: 1,
      devices: [fridge.id, incubator.id],
      users: [viewer.id],
    });
    expect(reportBody.safeParse(payload).success).toBe(true);
  });

  it('reads a report back into the form in edit mode', () => {
    const draft = reportDraft(
      'optional',
      reportOf({
        type: 'optional',
        name: 'Dewar watch',
        door: true,
        lntmp: true,
        water: true,
        frequency: 3,
        reportsDevices: [{ id: fridge.id, deviceId: 'aa:bb', name: 'LN2 Dewar' }],
      }),
    );
    expect(draft).toMatchObject({
      name: 'Dewar watch',
      frequency: 3,
      flags: { door: true, lnlvl: false, lntmp: true, water: true },
      devices: [{ id: fridge.id, label: 'LN2 Dewar' }],
    });
  });

  it('checks the name, then the recipients, then the devices (spec monitoring 5)', () => {
    const owner = { canPickUsers: true };
    const empty = reportDraft('normal');
    expect(draftIssue(empty, owner)).toBe('reportNameRequired');
    expect(draftIssue(named(empty, ' A '), owner)).toBe('reportNameRequired');
    expect(draftIssue(named(empty, 'x'.repeat(51)), owner)).toBe('reportNameTooLong');
    expect(draftIssue({ ...named(empty), timezone: '' }, owner)).toBe('timezoneInvalid');
    const noAdmin = { ...named(empty), adminEnable: false };
    expect(draftIssue(noAdmin, owner)).toBe('reportUserRequired');
    // Without the user selector, notify admin off is the server's to judge.
    expect(draftIssue(noAdmin, { canPickUsers: false })).toBe('reportDeviceRequired');
    expect(draftIssue({ ...noAdmin, users: [viewer] }, owner)).toBe('reportDeviceRequired');
    expect(draftIssue(named(empty), owner)).toBe('reportDeviceRequired');
    expect(draftIssue({ ...named(empty), devices: [fridge] }, owner)).toBeUndefined();
  });

  it('refuses a device or a user twice (users by e-mail)', () => {
    const added = addMember([fridge], incubator, 'device');
    expect(added).toEqual({ list: [fridge, incubator] });
    expect(addMember([fridge, incubator], { ...fridge }, 'device')).toEqual({
      issue: 'reportDeviceDuplicate',
    });
    expect(
      addMember(
        [viewer],
        {
          id: '00000000-0000-4000-8000-000000000009',
          label: 'Vic',
          email: 'VIEWER@demo.vigil.test',
        },
        'user',
      ),
    ).toEqual({ issue: 'reportUserDuplicate' });
  });

  it('derives the UTC offset from the IANA timezone, daylight saving included', () => {
    expect(utcOffset('Etc/UTC')).toBe('+00:00');
    expect(utcOffset('Europe/Vaduz', new Date('2026-01-15T12:00:00Z'))).toBe('+01:00');
    expect(utcOffset('Europe/Vaduz', new Date('2026-07-15T12:00:00Z'))).toBe('+02:00');
    expect(utcOffset('America/St_Johns', new Date('2026-01-15T12:00:00Z'))).toBe('-03:30');
  });
});
