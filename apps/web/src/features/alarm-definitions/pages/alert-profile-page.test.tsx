import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Role } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok } from '../../../test/fake-api';
import { deviceOf, ids, metadataOf, pageOf, signInAs } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { profileOf } from '../test/alarm-fixtures';
import AlertProfilePage from './alert-profile-page';

function serve(role: Role, unit: 'C' | 'F' = 'C') {
  const session = signInAs(role);
  return fakeApi({
    'GET /api/user/metadata': ok(metadataOf(role, { temperatureUnit: unit })),
    'GET /api/alarms/getAlarmProfiles': ok({
      result: role === 'super_user' ? [profileOf()] : [],
      meta: { total: role === 'super_user' ? 1 : 0 },
    }),
    'GET /api/account/getAccountSettings': ok({
      temperatureUnit: unit,
      voiceCall: false,
      escalationMinutes: 60,
    }),
    'GET /api/user/userIds': ok([]),
    [`GET /api/device/${session.userId}/`]: ok(pageOf([deviceOf({ id: ids.device })])),
    'POST /api/alarms/setAlarmProfile': { status: 201, body: { data: profileOf() } },
    'POST /api/alarms/deleteAlarmProfile': ok({ ok: true }),
  });
}

describe('alert profiles page', () => {
  it('shows the spec’s columns with temperatures in the account’s unit, 1 decimal', async () => {
    serve('super_user', 'F');
    renderWithProviders(<AlertProfilePage />, { path: '/alertProfile' });
    const row = await screen.findByRole('row', { name: /Vaccines/ });
    await waitFor(() => {
      expect(within(row).getByText('35.6 °F / 46.4 °F')).toBeVisible();
    });
    expect(within(row).getByText('30 % / 70 %')).toBeVisible();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Profile name',
      'Min/max temp',
      'Min/max humidity',
      'Min/max CO2',
      'Min/max thermo',
      'Min/max pressure',
      'Spill sensor',
      'Status',
      'Action',
    ]);
    expect(screen.getByRole('button', { name: 'Add alert profile' })).toBeVisible();
    expect(within(row).getByRole('button', { name: 'Edit Vaccines' })).toBeVisible();
  });

  it('hides Add, edit and delete from a user', async () => {
    serve('user');
    renderWithProviders(<AlertProfilePage />, { path: '/alertProfile' });
    expect(await screen.findByText('No alert profiles yet')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Add alert profile' })).toBeNull();
  });

  it('asks for a device with the spec’s message before saving, then deletes after confirmation', async () => {
    const api = serve('super_user');
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<AlertProfilePage />, { path: '/alertProfile' });
    await user.click(await screen.findByRole('button', { name: 'Add alert profile' }));
    const modal = await screen.findByTestId('alertProfiles');
    await user.type(within(modal).getByRole('textbox', { name: /Profile name/ }), 'Freezers');
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('at least one device is required to select')).toBeVisible();
    expect(api.calls('POST /api/alarms/setAlarmProfile')).toHaveLength(0);
    await user.click(within(modal).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Delete Vaccines' }));
    const confirm = await screen.findByTestId('deleteAlertProfile');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Alert profile deleted')).toBeVisible();
    expect(api.calls('POST /api/alarms/deleteAlarmProfile')[0]?.body).toEqual({
      profileId: profileOf().profileId,
    });
  }, 30_000);
});
