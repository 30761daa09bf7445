import type { Report } from '@vigil/contracts';
import { ids } from '../../../test/fixtures';

/** An environment report with the spec's defaults; spread what a test needs. */
export function reportOf(extra: Partial<Report> = {}): Report {
  return {
    id: '00000000-0000-4000-8000-0000000000e1',
    name: 'Daily fridges',
    type: 'normal',
    temp: true,
    humidity: true,
    carbon: true,
    pressure: false,
    thermoCouple: false,
    insightReport: false,
    door: false,
    lnlvl: false,
    lntmp: false,
    water: false,
    adminEnable: true,
    enable: true,
    frequency: 1,
    duration: 0,
    offset: '+01:00',
    timezone: 'Europe/Vaduz',
    format: 1,
    sortBy: 1,
    createdBy: ids.owner,
    nextRunAt: '2026-11-24T23:00:00.000Z',
    createdAt: '2026-11-20T09:30:00.000Z',
    updatedAt: '2026-11-20T09:30:00.000Z',
    reportsUsers: [],
    reportsDevices: [{ id: ids.device, deviceId: '00:1a:2b:3c:4d:5e', name: 'Fridge 1' }],
    canEdit: true,
    ...extra,
  };
}
