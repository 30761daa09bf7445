import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok } from '../../../test/fake-api';
import { pageOf, signInAs } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { alarmOf } from '../test/alarm-fixtures';
import AlarmsPage from './alarms-page';

describe('alarms page', () => {
  it('lists device id, alarm name, device name, type and created at, 10 a page', async () => {
    signInAs('super_user');
    const alarms = Array.from({ length: 10 }, (_, i) =>
      alarmOf({
        id: `00000000-0000-4000-8000-0000000001${String(i).padStart(2, '0')}`,
        name: `Alarm ${String(i)}`,
        alarmInfo: { name: `Alarm ${String(i)}` },
        type: 'temperature, humidity',
      }),
    );
    const api = fakeApi({
      'GET /api/alarms/list': (request) =>
        ok(
          pageOf(
            request.query.get('page') === '2' ? [alarmOf()] : alarms,
            Number(request.query.get('page')),
            11,
          ),
        ),
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<AlarmsPage />, { path: '/alarms' });
    const row = await screen.findByRole('row', { name: /Alarm 3/ });
    expect(
      within(screen.getAllByRole('row')[0] ?? row)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Device ID', 'Alarm name', 'Device name', 'Type', 'Created at']);
    expect(within(row).getByText('AA:BB:CC:DD:EE:01')).toBeVisible();
    expect(within(row).getByText('Vaccine fridge')).toBeVisible();
    expect(within(row).getByText('temperature, humidity')).toBeVisible();
    expect(api.calls('GET /api/alarms/list')[0]?.query.get('pageSize')).toBe('10');
    await user.click(screen.getByRole('button', { name: /next/i }));
    expect(await screen.findByRole('row', { name: /Fridge range/ })).toBeVisible();
    expect(api.calls('GET /api/alarms/list').at(-1)?.query.get('page')).toBe('2');
  }, 30_000);

  it('adds the account column for a platform administrator', async () => {
    signInAs('super_admin');
    fakeApi({
      'GET /api/alarms/list': ok(pageOf([alarmOf({ accountName: 'Demo Laboratory' })])),
    });
    renderWithProviders(<AlarmsPage />, { path: '/alarms' });
    expect(await screen.findByRole('columnheader', { name: 'Account' })).toBeVisible();
    expect(screen.getByText('Demo Laboratory')).toBeVisible();
  });
});
