import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok } from '../../../test/fake-api';
import { ids, pageOf, signInAs } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import NotificationStatisticsPage from './notification-statistics-page';

const account = {
  id: ids.account,
  companyName: 'Demo Laboratory',
  email: 'owner@demo.vigil.test',
  offlineAlarmEnable: 1 as const,
  alarmSensorName: '',
  voiceCall: false,
  smsLimit: 100,
  status: 'active' as const,
  purgeAfter: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('notification statistics page', () => {
  it('shows messages per day and account, and sets an account’s SMS limit', async () => {
    signInAs('super_admin');
    const api = fakeApi({
      'GET /api/user/notifications/statistics': ok(
        pageOf([
          { date: '2026-11-23', accountId: ids.account, companyName: 'Demo Laboratory', count: 7 },
        ]),
      ),
      'GET /api/account/list': ok([account]),
      'POST /api/account/addLimit': ok({ accountId: ids.account, smsLimit: 25 }),
    });
    const user = userEvent.setup();
    renderWithProviders(<NotificationStatisticsPage />, { path: '/UserNotificationStatistics' });
    const table = await screen.findByTestId('statistics-table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Date', 'Account ID', 'Count']);
    expect(
      within(table).getByRole('row', { name: /2026-11-23 Demo Laboratory/ }),
    ).toHaveTextContent('7');

    await user.click(screen.getByRole('button', { name: 'Add SMS limit' }));
    const modal = await screen.findByTestId('addSmsLimit');
    await user.click(within(modal).getByRole('button', { name: 'Save limit' }));
    expect(await within(modal).findByText('please choose account')).toBeInTheDocument();
    expect(api.calls('POST /api/account/addLimit')).toHaveLength(0);

    await user.click(within(modal).getByLabelText(/^Account/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: /Demo Laboratory/ }));
    const limit = within(modal).getByLabelText(/^SMS per day/);
    expect(limit).toHaveValue('100');
    await user.clear(limit);
    await user.type(limit, '25');
    await user.click(within(modal).getByRole('button', { name: 'Save limit' }));
    expect(await screen.findByText('SMS limit saved')).toBeInTheDocument();
    await waitFor(() => {
      expect(api.calls('POST /api/account/addLimit')[0]?.body).toEqual({
        accountId: ids.account,
        smsLimit: 25,
      });
    });
  });
});
