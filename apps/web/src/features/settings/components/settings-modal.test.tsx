import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, fakeApi, ok, type FakeReply } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { SettingsModal } from './settings-modal';

const offlinePath = '/api/misc/account/offlineAlarmSetting';

const accountSettings = { temperatureUnit: 'C', voiceCall: false, escalationMinutes: 60 };

function accountApi(
  offline = { offlineAlarmEnable: 0, maxAlarms: 24, alarmFrequency: 60 },
  settings = accountSettings,
  refusals: { settings?: FakeReply; offline?: FakeReply } = {},
) {
  return fakeApi({
    'GET /api/account/getAccountSettings': ok(settings),
    'PUT /api/account/updateAccountSettings': (request) =>
      refusals.settings ?? ok({ ...settings, ...(request.body as object) }),
    [`GET ${offlinePath}`]: ok(offline),
    [`PUT ${offlinePath}`]: (request) => refusals.offline ?? ok(request.body),
    'GET /api/account/getApiKey': ok({ apiKey: null, createdAt: null }),
  });
}

const modal = () => screen.getByTestId('toggleTempModal');

describe('settings modal', () => {
  it('follows the offline alarm rules and saves them', async () => {
    const api = accountApi();
    const user = userEvent.setup();
    renderWithProviders(<SettingsModal opened role="super_user" onClose={() => undefined} />);
    await user.click(await screen.findByRole('tab', { name: 'Offline alarms' }));
    const enable = await screen.findByRole('switch', { name: /offline alarms/i });
    const oneTime = screen.getByRole('checkbox', { name: /one time/i });
    const frequency = screen.getByLabelText('Repeat every', { selector: 'input' });
    expect(enable).not.toBeChecked();
    expect(oneTime).toBeDisabled();
    expect(frequency).toBeDisabled();

    await user.click(enable);
    expect(oneTime).toBeEnabled();
    expect(frequency).toBeEnabled();
    expect(frequency).toHaveValue('1 hr');

    await user.click(oneTime);
    expect(frequency).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Update offline alarms' }));
    expect(await screen.findByText('offline alarms updated successfully')).toBeInTheDocument();
    expect(api.calls(`PUT ${offlinePath}`)[0]?.body).toEqual({
      offlineAlarmEnable: 1,
      maxAlarms: 1,
      alarmFrequency: 60,
    });
  });

  it('changes the temperature unit and says so', async () => {
    const api = accountApi();
    const user = userEvent.setup();
    renderWithProviders(<SettingsModal opened role="super_user" onClose={() => undefined} />);
    await user.click(await screen.findByRole('radio', { name: 'Fahrenheit' }));
    await user.click(screen.getByRole('button', { name: 'Change temperature' }));
    expect(await screen.findByText('Temperature changed to Fahrenheit')).toBeInTheDocument();
    expect(api.calls('PUT /api/account/updateAccountSettings')[0]?.body).toEqual({
      temperatureUnit: 'F',
    });
  });

  it('lets the owner choose when unacknowledged alarms escalate to the admins', async () => {
    const api = accountApi();
    const user = userEvent.setup();
    renderWithProviders(<SettingsModal opened role="super_user" onClose={() => undefined} />);
    await user.click(await screen.findByRole('tab', { name: 'Escalation' }));
    const label = 'Escalate unacknowledged alarms to the account admins after';
    const select = await screen.findByLabelText(label, { selector: 'input' });
    expect(select).toHaveValue('1 h');
    const save = screen.getByRole('button', { name: 'Update escalation' });
    expect(save).toBeDisabled();

    await user.click(select);
    const offered = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(offered.map((option) => option.textContent)).toEqual([
      'Never',
      '15 min',
      '30 min',
      '1 h',
      '2 h',
      '4 h',
      '8 h',
      '24 h',
    ]);
    await user.click(screen.getByRole('option', { name: '4 h' }));
    expect(select).toHaveValue('4 h');
    await user.click(save);
    expect(await screen.findByText('escalation time updated successfully')).toBeInTheDocument();
    expect(api.calls('PUT /api/account/updateAccountSettings')[0]?.body).toEqual({
      escalationMinutes: 240,
    });
    // The saved value is the form's new baseline.
    expect(screen.getByRole('button', { name: 'Update escalation' })).toBeDisabled();

    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'Never' }));
    await user.click(screen.getByRole('button', { name: 'Update escalation' }));
    await waitFor(() => {
      expect(api.calls('PUT /api/account/updateAccountSettings')[1]?.body).toEqual({
        escalationMinutes: 0,
      });
    });
  });

  it('shows an escalation time set outside the offered steps as it is', async () => {
    accountApi(undefined, { ...accountSettings, escalationMinutes: 45 });
    const user = userEvent.setup();
    renderWithProviders(<SettingsModal opened role="super_user" onClose={() => undefined} />);
    await user.click(await screen.findByRole('tab', { name: 'Escalation' }));
    expect(
      await screen.findByLabelText('Escalate unacknowledged alarms to the account admins after', {
        selector: 'input',
      }),
    ).toHaveValue('45 min');
  });

  it('shows the server’s refusal of the temperature unit under the choice, not as a toast', async () => {
    accountApi(undefined, undefined, {
      settings: fail(
        400,
        'temperature unit must be C or F',
        'temperatureUnitInvalid',
        'temperatureUnit',
      ),
    });
    const user = userEvent.setup();
    renderWithProviders(<SettingsModal opened role="super_user" onClose={() => undefined} />);
    await user.click(await screen.findByRole('radio', { name: 'Fahrenheit' }));
    await user.click(screen.getByRole('button', { name: 'Change temperature' }));
    expect(await within(modal()).findByText('temperature unit must be C or F')).toBeVisible();
    const group = within(modal()).getByRole('radiogroup');
    expect(group).toHaveAccessibleDescription(/^temperature unit must be C or F/);
    expect(screen.queryByRole('alert')).toBeNull();
    // Choosing again clears the message.
    await user.click(screen.getByRole('radio', { name: 'Celsius' }));
    expect(screen.queryByText('temperature unit must be C or F')).toBeNull();
  });

  it('shows the server’s refusal of the escalation time under its select', async () => {
    accountApi(undefined, undefined, {
      settings: fail(
        400,
        'escalation time must be 0 (never) or between 15 and 1440 minutes',
        'escalationMinutesInvalid',
        'escalationMinutes',
      ),
    });
    const user = userEvent.setup();
    renderWithProviders(<SettingsModal opened role="super_user" onClose={() => undefined} />);
    await user.click(await screen.findByRole('tab', { name: 'Escalation' }));
    const select = await screen.findByLabelText(
      'Escalate unacknowledged alarms to the account admins after',
      { selector: 'input' },
    );
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: '4 h' }));
    await user.click(screen.getByRole('button', { name: 'Update escalation' }));
    expect(
      await within(modal()).findByText(
        'escalation time must be 0 (never) or between 15 and 1440 minutes',
      ),
    ).toBeVisible();
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription(
      'escalation time must be 0 (never) or between 15 and 1440 minutes',
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps a refusal that concerns no field as a toast', async () => {
    accountApi(undefined, undefined, {
      settings: fail(403, 'You do not have permission to do this', 'forbidden'),
    });
    const user = userEvent.setup();
    renderWithProviders(<SettingsModal opened role="super_user" onClose={() => undefined} />);
    await user.click(await screen.findByRole('tab', { name: 'Escalation' }));
    const select = await screen.findByLabelText(
      'Escalate unacknowledged alarms to the account admins after',
      { selector: 'input' },
    );
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'Never' }));
    await user.click(screen.getByRole('button', { name: 'Update escalation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You do not have permission to do this',
    );
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(select).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the server’s refusal of the offline alarm frequency under its select', async () => {
    accountApi({ offlineAlarmEnable: 1, maxAlarms: 24, alarmFrequency: 60 }, undefined, {
      offline: fail(
        400,
        'please choose an offline alarm frequency',
        'offlineFrequencyInvalid',
        'alarmFrequency',
      ),
    });
    const user = userEvent.setup();
    renderWithProviders(<SettingsModal opened role="super_user" onClose={() => undefined} />);
    await user.click(await screen.findByRole('tab', { name: 'Offline alarms' }));
    const frequency = await screen.findByLabelText('Repeat every', { selector: 'input' });
    await user.click(screen.getByRole('button', { name: 'Update offline alarms' }));
    expect(
      await within(modal()).findByText('please choose an offline alarm frequency'),
    ).toBeVisible();
    expect(frequency).toHaveAttribute('aria-invalid', 'true');
    expect(frequency).toHaveAccessibleDescription('please choose an offline alarm frequency');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('offline alarms updated successfully')).toBeNull();
  });

  it('shows a user the values read-only, without the API key', async () => {
    accountApi({ offlineAlarmEnable: 1, maxAlarms: 24, alarmFrequency: 90 });
    const user = userEvent.setup();
    renderWithProviders(<SettingsModal opened role="user" onClose={() => undefined} />);
    expect(
      await screen.findByText('Only the account owner can change these settings.'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: 'Celsius' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Change temperature' })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'API key' })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Escalation' })).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Offline alarms' }));
    expect(await screen.findByRole('switch', { name: /offline alarms/i })).toBeDisabled();
    expect(screen.getByLabelText('Repeat every', { selector: 'input' })).toHaveValue('1.5 hr');
    expect(screen.queryByRole('button', { name: 'Update offline alarms' })).toBeNull();
  });

  it('explains to a platform administrator that settings belong to an account', async () => {
    const api = accountApi();
    renderWithProviders(<SettingsModal opened role="super_admin" onClose={() => undefined} />);
    expect(await within(modal()).findByText('No account settings here')).toBeInTheDocument();
    expect(within(modal()).queryByRole('tab')).toBeNull();
    expect(api.requests).toHaveLength(0);
  });

  it('shows a new API key once, after confirming the replacement of the old one', async () => {
    const api = fakeApi({
      'GET /api/account/getApiKey': ok({
        apiKey: 'vgl_abcd••••••••',
        createdAt: '2026-11-01T10:00:00.000Z',
      }),
      'POST /api/account/createApiKey': {
        status: 201,
        body: { data: { apiKey: 'vgl_abcd1234full', createdAt: '2026-11-22T10:00:00.000Z' } },
      },
      'GET /api/account/getAccountSettings': ok(accountSettings),
    });
    const user = userEvent.setup();
    renderWithProviders(<SettingsModal opened role="super_user" onClose={() => undefined} />);
    await user.click(await screen.findByRole('tab', { name: 'API key' }));
    expect(await screen.findByDisplayValue('vgl_abcd••••••••')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Replace API key' }));
    expect(api.calls('POST /api/account/createApiKey')).toHaveLength(0);
    const confirm = screen.getByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: 'Replace API key' }));
    expect(await screen.findByTestId('new-api-key')).toHaveTextContent('vgl_abcd1234full');
    expect(screen.getByText(/it will not be shown again/)).toBeInTheDocument();
    expect(api.calls('POST /api/account/createApiKey')).toHaveLength(1);
  });
});
