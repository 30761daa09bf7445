import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok } from '../../../test/fake-api';
import { deviceOf, emptyReading, ids, metadataOf, pageOf, signInAs } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { alarmOf } from '../test/alarm-fixtures';
import LightProfilePage from './light-profile-page';

const existing = alarmOf({
  id: '00000000-0000-4000-8000-0000000000e7',
  name: 'Grow lights',
  kind: 'light',
  type: 'light',
  minLux: 300,
  maxLux: 900,
  lightSchedule: {
    days: Array.from({ length: 7 }, (_, day) => ({ day, enabled: true, windows: [] })),
  },
});

function serve() {
  signInAs('super_user');
  return fakeApi({
    'GET /api/user/metadata': ok(metadataOf('super_user')),
    'GET /api/alarms/lightProfile': ok({ list: [existing] }),
    'GET /api/account/getAccountSettings': ok({
      temperatureUnit: 'C',
      voiceCall: false,
      escalationMinutes: 60,
    }),
    'GET /api/user/userIds': ok([]),
    [`GET /api/device/${ids.owner}/`]: ok(
      pageOf([
        deviceOf({
          id: ids.device,
          name: 'Grow cabinet',
          latestData: { nodeData: { ...emptyReading, light_s: 420 } },
        }),
        deviceOf({ id: ids.otherDevice, name: 'Dark fridge' }),
      ]),
    ),
    'POST /api/alarms/lightProfile': { status: 201, body: { data: { list: [existing] } } },
  });
}

describe('light profile page', () => {
  it('lists light alarms and offers only devices with a light sensor', async () => {
    serve();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<LightProfilePage />, { path: '/lightProfile' });
    const row = (await screen.findByText('Grow lights')).closest('tr') as HTMLElement;
    expect(within(row).getByText('300 – 900 lux')).toBeVisible();
    expect(within(row).getByLabelText('Edit Grow lights')).toBeVisible();
    for (const day of [
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ])
      expect(screen.getByLabelText(day)).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail Alert')).toBeChecked();
    expect(screen.getByLabelText('Text Alert')).not.toBeChecked();
    expect(screen.getByLabelText('Notify Admin')).toBeChecked();
    expect(screen.getByLabelText('Alarm Enabled')).toBeChecked();
    await user.click(screen.getAllByLabelText(/Devices/)[0] ?? document.body);
    expect(await screen.findByText('Grow cabinet')).toBeInTheDocument();
    expect(screen.queryByText('Dark fridge')).toBeNull();
  }, 60_000);

  it('refuses without a device, then submits the schedule and lux range', async () => {
    const api = serve();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<LightProfilePage />, { path: '/lightProfile' });
    await screen.findByText('Grow lights');
    const submit = () => within(form).getByText('Submit').closest('button') as HTMLElement;
    const form =
      document.querySelector<HTMLElement>('form[aria-label="Light alarm"]') ?? document.body;
    await user.type(within(form).getByLabelText(/Alarm name/), 'Bench lights');
    await user.click(submit());
    expect(await screen.findByText('at least one device is required to select')).toBeVisible();
    expect(api.calls('POST /api/alarms/lightProfile')).toHaveLength(0);

    await user.click(within(form).getAllByLabelText(/Devices/)[0] ?? form);
    await user.click(await screen.findByText('Grow cabinet'));
    await user.click(within(form).getByLabelText('Saturday'));
    await waitFor(
      () => {
        expect(submit()).toBeEnabled();
      },
      { timeout: 3000 },
    );
    await user.click(submit());
    await waitFor(() => {
      expect(api.calls('POST /api/alarms/lightProfile')).toHaveLength(1);
    });
    const body = api.calls('POST /api/alarms/lightProfile')[0]?.body as {
      devices: string[];
      minLux: number;
      maxLux: number;
      lightSchedule: { days: { day: number; enabled: boolean; windows: unknown[] }[] };
    };
    expect(body).toMatchObject({
      name: 'Bench lights',
      devices: [ids.device],
      minLux: 300,
      maxLux: 1000,
    });
    expect(body.lightSchedule.days.map((d) => d.enabled)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
      false,
    ]);
    expect(body.lightSchedule.days[0]?.windows).toEqual([
      { from: '08:00', to: '12:00' },
      { from: '13:00', to: '17:00' },
    ]);
  }, 60_000);
});
