import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AccountSummary, AssociatedGateway } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok } from '../../../test/fake-api';
import { ids, signInAs } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import AccountsPage from './accounts-page';

const other = '00000000-0000-4000-8000-0000000000a2';

function accountOf(extra: Partial<AccountSummary> = {}): AccountSummary {
  return {
    id: ids.account,
    companyName: 'Demo Laboratory',
    email: 'owner@demo.vigil.test',
    offlineAlarmEnable: 1,
    alarmSensorName: 'Fridge probe',
    voiceCall: false,
    smsLimit: 100,
    status: 'active',
    purgeAfter: null,
    createdAt: '2026-03-04T09:05:00.000Z',
    ...extra,
  };
}

const gatewayRow: AssociatedGateway = {
  id: ids.gateway,
  gatewayId: 'gw-lab-01',
  name: 'Lab gateway',
  status: 'online',
  lastSeenAt: '2026-11-23T10:00:00.000Z',
  deviceCount: 7,
  createdAt: '2026-03-04T09:10:00.000Z',
};

function adminApi(extra: Parameters<typeof fakeApi>[0] = {}) {
  signInAs('super_admin');
  return fakeApi({
    'GET /api/account/list': ok([
      accountOf(),
      accountOf({
        id: other,
        companyName: 'Cold Chain AG',
        email: 'ops@coldchain.example',
        offlineAlarmEnable: 0,
        alarmSensorName: '',
        voiceCall: true,
      }),
    ]),
    ...extra,
  });
}

const rowOf = (name: RegExp) => within(screen.getByRole('row', { name }));

describe('accounts page', () => {
  it('lists every account with the spec’s columns, unpaged', async () => {
    adminApi();
    renderWithProviders(<AccountsPage />, { path: '/accounts' });
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    const table = await screen.findByTestId('accounts-table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      'Account ID',
      'Company name',
      'Email',
      'Offline alarms',
      'Alarm sensor name',
      'Created at',
      'Voice call',
      'Action',
    ]);
    const demo = rowOf(/Demo Laboratory/);
    expect(demo.getByText(ids.account)).toBeInTheDocument();
    expect(demo.getByText('owner@demo.vigil.test')).toBeInTheDocument();
    expect(demo.getByText('Enabled')).toBeInTheDocument();
    expect(demo.getByText('Fridge probe')).toBeInTheDocument();
    expect(demo.getByText('04/03/2026, 09:05')).toBeInTheDocument();
    expect(demo.getByRole('button', { name: /Voice call of Demo Laboratory/ })).toHaveTextContent(
      'Disabled',
    );
    const cold = rowOf(/Cold Chain AG/);
    expect(cold.getByText('N/A')).toBeInTheDocument();
    expect(cold.getByRole('button', { name: /Voice call of Cold Chain AG/ })).toHaveTextContent(
      'Enabled',
    );
    expect(screen.queryByTestId('pagination-summary')).toBeNull();
  });

  it('turns voice call on in the editVoiceCall modal', async () => {
    const api = adminApi({
      [`PATCH /api/account/voiceCall/${ids.account}`]: ok({ id: ids.account, voiceCall: true }),
    });
    const user = userEvent.setup();
    renderWithProviders(<AccountsPage />, { path: '/accounts' });
    await user.click(await screen.findByRole('button', { name: /Voice call of Demo Laboratory/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Voice call' });
    const toggle = within(dialog).getByRole('switch', { name: 'Voice call enabled' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('changes saved successfully')).toBeInTheDocument();
    expect(api.calls(`PATCH /api/account/voiceCall/${ids.account}`)[0]?.body).toEqual({
      voiceCall: true,
    });
    await waitFor(() => {
      expect(api.calls('GET /api/account/list')).toHaveLength(2);
    });
  });

  it('deletes an account after the Account confirmation', async () => {
    const api = adminApi({
      [`DELETE /api/account/deleteAccount/${other}`]: ok({
        id: other,
        status: 'disabled',
        disabledAt: '2026-11-23T10:00:00.000Z',
        purgeAfter: '2026-12-23T10:00:00.000Z',
      }),
    });
    const user = userEvent.setup();
    renderWithProviders(<AccountsPage />, { path: '/accounts' });
    await user.click(await screen.findByRole('button', { name: 'Delete Cold Chain AG' }));
    const dialog = await screen.findByRole('dialog', { name: 'Account' });
    expect(dialog).toHaveTextContent('Delete Cold Chain AG (ops@coldchain.example)?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    expect(
      await screen.findByText('Account disabled; its data will be deleted after 23/12/2026, 10:00'),
    ).toBeInTheDocument();
    expect(api.calls(`DELETE /api/account/deleteAccount/${other}`)).toHaveLength(1);
  });

  it('marks a deleted account and offers no delete for it', async () => {
    signInAs('super_admin');
    fakeApi({
      'GET /api/account/list': ok([
        accountOf({ status: 'disabled', purgeAfter: '2026-12-23T10:00:00.000Z' }),
      ]),
    });
    renderWithProviders(<AccountsPage />, { path: '/accounts' });
    const row = within(await screen.findByRole('row', { name: /Demo Laboratory/ }));
    expect(row.getByText('Deleted — data removed after 23/12/2026, 10:00')).toBeInTheDocument();
    expect(row.queryByRole('button', { name: 'Delete Demo Laboratory' })).toBeNull();
  });

  it('shows the associated gateways in a large modal', async () => {
    const api = adminApi({ [`GET /api/account/${ids.account}/gateways`]: ok([gatewayRow]) });
    const user = userEvent.setup();
    renderWithProviders(<AccountsPage />, { path: '/accounts' });
    await user.click(await screen.findByRole('button', { name: 'Gateways of Demo Laboratory' }));
    const dialog = await screen.findByRole('dialog', { name: 'Gateways of Demo Laboratory' });
    const row = within(await within(dialog).findByRole('row', { name: /gw-lab-01/ }));
    expect(row.getByText('Lab gateway')).toBeInTheDocument();
    expect(row.getByText('Online')).toBeInTheDocument();
    expect(row.getByText('7')).toBeInTheDocument();
    expect(api.calls(`GET /api/account/${ids.account}/gateways`)).toHaveLength(1);
  });

  it('refreshes, the icon turning for two seconds', async () => {
    const api = adminApi();
    const user = userEvent.setup();
    renderWithProviders(<AccountsPage />, { path: '/accounts' });
    await screen.findByTestId('accounts-table');
    const refresh = screen.getByRole('button', { name: 'Refresh accounts' });
    await user.click(refresh);
    expect(refresh).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => {
      expect(api.calls('GET /api/account/list')).toHaveLength(2);
    });
    await waitFor(
      () => {
        expect(refresh).toHaveAttribute('aria-busy', 'false');
      },
      { timeout: 3000 },
    );
  });
});
