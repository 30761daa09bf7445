import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Role } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok } from '../../../test/fake-api';
import { ids, metadataOf, pageOf, signInAs } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { alarmOf } from '../test/alarm-fixtures';
import { DeviceAlarmsTab } from './device-alarms-tab';

function serve(
  role: Role,
  options: { unit?: 'C' | 'F'; voiceCall?: boolean; alarms?: unknown[] } = {},
) {
  signInAs(role);
  return fakeApi({
    'GET /api/user/metadata': ok(metadataOf(role, { temperatureUnit: options.unit ?? 'C' })),
    [`GET /api/alarms/${ids.device}`]: ok(pageOf(options.alarms ?? [])),
    'GET /api/account/getAccountSettings': ok({
      temperatureUnit: options.unit ?? 'C',
      voiceCall: options.voiceCall ?? false,
      escalationMinutes: 60,
    }),
    'GET /api/user/userIds': ok([
      { id: ids.viewer, name: 'Victor Viewer', email: 'viewer@demo.vigil.test', role: 'user' },
    ]),
    'POST /api/alarms/setAlarm': (request) => ({
      status: 201,
      body: { data: alarmOf({ name: (request.body as { name: string }).name }) },
    }),
    [`DELETE /api/alarms/${alarmOf().id}`]: ok({ ok: true }),
  });
}

describe('device alarms tab', () => {
  it('says when the device has no alarms', async () => {
    serve('super_user');
    renderWithProviders(<DeviceAlarmsTab deviceId={ids.device} />);
    expect(await screen.findByText('No alarms have been added to this device yet')).toBeVisible();
  });

  it('hides edit and delete on alarms the editing rule locks', async () => {
    serve('user', {
      alarms: [
        alarmOf(),
        alarmOf({ id: '00000000-0000-4000-8000-0000000000e2', name: 'Mine', canEdit: true }),
        alarmOf({ id: '00000000-0000-4000-8000-0000000000e3', name: 'Locked', canEdit: false }),
      ],
    });
    renderWithProviders(<DeviceAlarmsTab deviceId={ids.device} />);
    const locked = await screen.findByRole('row', { name: /Locked/ });
    expect(within(locked).queryByRole('button')).toBeNull();
    const mine = screen.getByRole('row', { name: /Mine/ });
    expect(within(mine).getByRole('button', { name: 'Edit Mine' })).toBeVisible();
    expect(within(mine).getByRole('button', { name: 'Delete Mine' })).toBeVisible();
  });

  it('shows Fahrenheit ranges and refuses with the spec’s messages', async () => {
    const api = serve('super_user', { unit: 'F' });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<DeviceAlarmsTab deviceId={ids.device} />);
    await user.click(await screen.findByRole('button', { name: 'Add alarm' }));
    const modal = await screen.findByTestId('addEditDeviceAlarm');
    await waitFor(() => {
      expect(within(modal).getByRole('textbox', { name: 'Minimum Temperature' })).toHaveValue(
        '35.6',
      );
    });
    expect(within(modal).getByRole('textbox', { name: 'Maximum Temperature' })).toHaveValue('46.4');
    expect(within(modal).getByRole('textbox', { name: 'Minimum Humidity' })).toBeDisabled();
    expect(within(modal).getAllByLabelText('Users')[0]).toBeVisible();
    expect(within(modal).queryByLabelText('Call Alert')).toBeNull();

    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    // Issue 19: under the field (the spec's inline text), not as a toast.
    expect(await within(modal).findByText('Name is required')).toBeVisible();
    expect(within(modal).getByRole('textbox', { name: /Alarm name/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(screen.queryByRole('alert')).toBeNull();

    await user.type(within(modal).getByRole('textbox', { name: /Alarm name/ }), 'Night watch');
    const minimum = within(modal).getByRole('textbox', { name: 'Minimum Temperature' });
    await user.clear(minimum);
    await user.type(minimum, '50');
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    expect(await within(modal).findByText('max should be greater than min')).toBeVisible();
    expect(within(modal).getByRole('textbox', { name: 'Maximum Temperature' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );

    await user.type(within(modal).getByRole('textbox', { name: 'E-mail' }), 'bad-address');
    await user.type(within(modal).getByRole('textbox', { name: /Phone number/ }), '7700900123');
    await user.click(within(modal).getByRole('button', { name: 'Add contact' }));
    expect(
      await within(modal).findByText('please enter valid email or phone number for a user'),
    ).toBeVisible();
    expect(within(modal).getByRole('textbox', { name: 'E-mail' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(api.calls('POST /api/alarms/setAlarm')).toHaveLength(0);
  }, 30_000);

  it('asks for a recipient when notify admin is off', async () => {
    serve('super_user');
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<DeviceAlarmsTab deviceId={ids.device} />);
    await user.click(await screen.findByRole('button', { name: 'Add alarm' }));
    const modal = await screen.findByTestId('addEditDeviceAlarm');
    await user.type(within(modal).getByRole('textbox', { name: /Alarm name/ }), 'Night watch');
    await user.click(within(modal).getByRole('checkbox', { name: 'Notify Admin' }));
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('please select at least one user or enable notify admin'),
    ).toBeVisible();
  }, 30_000);

  it('saves Fahrenheit thresholds in Celsius, locks, confirms and closes', async () => {
    const api = serve('super_user', { unit: 'F' });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<DeviceAlarmsTab deviceId={ids.device} />);
    await user.click(await screen.findByRole('button', { name: 'Add alarm' }));
    const modal = await screen.findByTestId('addEditDeviceAlarm');
    await waitFor(() => {
      expect(within(modal).getByRole('textbox', { name: 'Minimum Temperature' })).toHaveValue(
        '35.6',
      );
    });
    await user.type(within(modal).getByRole('textbox', { name: /Alarm name/ }), 'Night watch');
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    // Submit stays locked for 2 s after a save.
    expect(within(modal).getByRole('button', { name: 'Save' })).toBeDisabled();
    await waitFor(() => {
      expect(api.calls('POST /api/alarms/setAlarm')).toHaveLength(1);
    });
    expect(api.calls('POST /api/alarms/setAlarm')[0]?.body).toMatchObject({
      name: 'Night watch',
      deviceId: ids.device,
      tempEnabled: true,
      minTemp: 2,
      maxTemp: 8,
      delay: 0,
      frequency: 15,
      adminEnable: true,
    });
    await waitFor(
      () => {
        expect(screen.getAllByText('Device alarm added').length).toBeGreaterThan(0);
      },
      { timeout: 3000 },
    );
    await waitFor(
      () => {
        expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
      },
      { timeout: 5000 },
    );
  }, 30_000);

  it('offers a user no user selector, and the call channel only to voice accounts', async () => {
    serve('user', { voiceCall: true });
    const user = userEvent.setup();
    renderWithProviders(<DeviceAlarmsTab deviceId={ids.device} />);
    await user.click(await screen.findByRole('button', { name: 'Add alarm' }));
    const modal = await screen.findByTestId('addEditDeviceAlarm');
    expect(within(modal).queryAllByLabelText('Users')).toHaveLength(0);
    expect(await within(modal).findByLabelText('Call Alert')).toBeVisible();
  }, 30_000);

  it('deletes after confirmation with the spec’s toast', async () => {
    const api = serve('super_user', { alarms: [alarmOf()] });
    const user = userEvent.setup();
    renderWithProviders(<DeviceAlarmsTab deviceId={ids.device} />);
    await user.click(await screen.findByRole('button', { name: 'Delete Fridge range' }));
    const confirm = await screen.findByTestId('deleteDeviceAlarm');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Device Alarm has been deleted!')).toBeVisible();
    expect(api.calls(`DELETE /api/alarms/${alarmOf().id}`)).toHaveLength(1);
  });
});
