import { describe, expect, it } from 'vitest';
import { messages } from './messages.js';
import { reportBody, reportListQuery } from './reports.js';

const device = '6f1c1b1e-6a55-4b39-9a5b-0d2f1c1e0a01';
const other = '6f1c1b1e-6a55-4b39-9a5b-0d2f1c1e0a02';
const user = '7a1c1b1e-6a55-4b39-9a5b-0d2f1c1e0a01';
const valid = { name: 'Fridges', timezone: 'Europe/Vaduz', devices: [device], users: [user] };

const messagesOf = (input: unknown) => {
  const result = reportBody.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('a report payload', () => {
  it('takes the environment defaults of spec monitoring 3', () => {
    expect(reportBody.parse(valid)).toMatchObject({
      type: 'normal',
      temp: true,
      humidity: true,
      carbon: true,
      pressure: false,
      thermo_couple: false,
      insightReport: false,
      frequency: 1,
      duration: 0,
      format: 0,
      sortBy: 1,
      adminEnable: true,
      enable: true,
    });
  });

  it('takes the optional defaults: door, liquid level, liquid temp and spill on', () => {
    expect(reportBody.parse({ ...valid, type: 'optional' })).toMatchObject({
      door: true,
      lnlvl: true,
      lntmp: true,
      water: true,
      temp: false,
    });
  });

  it('derives duration from frequency', () => {
    expect(reportBody.parse({ ...valid, frequency: 3, duration: 0 }).duration).toBe(2);
    expect(reportBody.parse({ ...valid, frequency: 2 }).duration).toBe(1);
  });

  it.each([
    { name: 'no name', input: { ...valid, name: '' }, message: 'report name is required' },
    {
      name: 'a one-letter name',
      input: { ...valid, name: 'a' },
      message: 'report name is required',
    },
    {
      name: 'no user and notify admin off',
      input: { ...valid, users: [], adminEnable: false },
      message: 'please enter at least one user',
    },
    { name: 'no device', input: { ...valid, devices: [] }, message: messages.reportDeviceRequired },
    {
      name: 'a device twice',
      input: { ...valid, devices: [device, other, device] },
      message: 'device already exists',
    },
    {
      name: 'a user twice',
      input: { ...valid, users: [user, user] },
      message: 'user already exists',
    },
    {
      name: 'no timezone',
      input: { ...valid, timezone: undefined },
      message: messages.timezoneInvalid,
    },
    {
      name: 'an unknown timezone',
      input: { ...valid, timezone: 'Mars/Olympus' },
      message: messages.timezoneInvalid,
    },
    {
      name: 'frequency 4',
      input: { ...valid, frequency: 4 },
      message: messages.reportFrequencyInvalid,
    },
    { name: 'format 2', input: { ...valid, format: 2 }, message: messages.reportFormatInvalid },
    { name: 'sortBy 3', input: { ...valid, sortBy: 3 }, message: messages.reportSortInvalid },
  ])('rejects $name', ({ input, message }) => {
    expect(messagesOf(input)).toContain(message);
  });

  it('accepts no users when notify admin is on', () => {
    expect(messagesOf({ ...valid, users: [], adminEnable: true })).toEqual([]);
  });
});

describe('the report list query', () => {
  it('defaults to environment reports, 10 a page, and allows 1000', () => {
    expect(reportListQuery.parse({})).toEqual({ page: 1, pageSize: 10, type: 'normal' });
    expect(reportListQuery.parse({ pageSize: '1000', type: 'optional' })).toMatchObject({
      pageSize: 1000,
      type: 'optional',
    });
    expect(reportListQuery.safeParse({ pageSize: '1001' }).success).toBe(false);
  });
});
