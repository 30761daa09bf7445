import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Notification } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok } from '../../../test/fake-api';
import { clearDateTime, pickDateTime } from '../../../test/pick-date-time';
import { ids, pageOf, signInAs } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import UserNotificationsPage from './user-notifications-page';

const notificationOf = (extra: Partial<Notification> = {}): Notification => ({
  id: '00000000-0000-4000-8000-00000000e001',
  accountId: ids.account,
  channel: 'sms',
  email: '',
  phone: '+447700900123',
  text: 'Alarm: Fridge too warm on Fridge 1 (Cold Room): 9.4 °C',
  isSms: true,
  status: 'skipped',
  reason: 'SMS limit reached',
  createdAt: '2026-11-23T10:00:00.000Z',
  sentAt: null,
  ...extra,
});

describe('notifications page', () => {
  it('lists the log with its count and reasons, and filters by kind, account and dates', async () => {
    signInAs('super_admin');
    const api = fakeApi({
      'GET /api/user/notifications': (request) =>
        ok(request.query.get('isSms') === '0' ? pageOf([]) : pageOf([notificationOf()])),
      'GET /api/account/list': ok([
        {
          id: ids.account,
          companyName: 'Demo Laboratory',
          email: 'owner@demo.vigil.test',
          offlineAlarmEnable: 1,
          alarmSensorName: '',
          voiceCall: false,
          smsLimit: 100,
          status: 'active',
          purgeAfter: null,
          createdAt: '2026-01-01T00:00:00.000Z',
        },
      ]),
    });
    const user = userEvent.setup();
    renderWithProviders(<UserNotificationsPage />, { path: '/UserNotifications' });
    const table = await screen.findByTestId('notifications-table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Email', 'Phone', 'Text', 'Is SMS', 'Status', 'Created at']);
    expect(screen.getByText('Data Count: 1')).toBeInTheDocument();
    expect(within(table).getByText('SMS limit reached')).toBeInTheDocument();
    expect(within(table).getByText('Yes')).toBeInTheDocument();
    expect(api.calls('GET /api/user/notifications')[0]?.query.has('isSms')).toBe(false);

    await user.click(screen.getByLabelText('Account', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Demo Laboratory' }));
    await pickDateTime(user, screen.getByLabelText('Start date'), new Date(2026, 10, 23, 12, 0));
    await pickDateTime(user, screen.getByLabelText('End date'), new Date(2026, 10, 22, 12, 0));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(
      await screen.findByText('start date should not be greater than end date'),
    ).toBeInTheDocument();
    expect(api.calls('GET /api/user/notifications')).toHaveLength(1);

    await clearDateTime(user, screen.getByLabelText('End date'));
    await user.click(screen.getByRole('radio', { name: 'Email' }));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No data found')).toBeInTheDocument();
    const query = api.calls('GET /api/user/notifications').at(-1)?.query;
    expect(query?.get('isSms')).toBe('0');
    expect(query?.get('accountId')).toBe(ids.account);
    expect(query?.get('startDate')).toBe(new Date(2026, 10, 23, 12, 0).toISOString());
    expect(query?.has('endDate')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    // Back to the unfiltered first page (answered from the cache) with the fields cleared.
    expect(await screen.findByTestId('notifications-table')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Both' })).toBeChecked();
    expect(screen.getByLabelText('Start date')).toHaveTextContent('');
    expect(screen.getByLabelText('Account', { selector: 'input' })).toHaveValue('');
  });

  it('gives an account owner no account filter', async () => {
    signInAs('super_user');
    fakeApi({ 'GET /api/user/notifications': ok(pageOf([])) });
    renderWithProviders(<UserNotificationsPage />, { path: '/UserNotifications' });
    expect(await screen.findByText('No data found')).toBeInTheDocument();
    expect(screen.queryByLabelText('Account', { selector: 'input' })).toBeNull();
  });
});
