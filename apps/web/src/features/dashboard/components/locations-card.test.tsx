import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../../../test/fake-api';
import { fakeSockets } from '../../../test/fake-socket';
import { deviceOf, ids, userOf } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import DashboardPage from '../pages/dashboard-page';
import { coldRoom, dashboardApi } from '../pages/dashboard-test-api';

vi.mock(
  'socket.io-client',
  async () => (await import('../../../test/fake-socket')).fakeSocketModule,
);

configure({ asyncUtilTimeout: 5000 });

const renderDashboard = () =>
  renderWithProviders(<DashboardPage renderDeviceData={() => null} />, { path: '/dashboard' });

const card = () => screen.findByRole('region', { name: 'Locations and devices' });

afterEach(() => {
  fakeSockets.length = 0;
});

describe('locations and devices card', () => {
  it('adds a location with the spec’s validation', async () => {
    const api = dashboardApi({
      extra: {
        'POST /api/location': (request) => ({
          status: 201,
          body: {
            data: {
              ...coldRoom,
              id: ids.thirdDevice,
              name: (request.body as { name: string }).name,
            },
          },
        }),
      },
    });
    const user = userEvent.setup();
    renderDashboard();
    const region = within(await card());
    await user.click(region.getByRole('button', { name: 'Add location' }));
    expect(await region.findByText('location is required')).toBeInTheDocument();
    await user.click(region.getByLabelText('New location'));
    await user.paste('x'.repeat(41));
    await user.click(region.getByRole('button', { name: 'Add location' }));
    expect(
      await region.findByText("location name shouldn't be longer than 40 characters"),
    ).toBeInTheDocument();
    expect(api.calls('POST /api/location')).toHaveLength(0);
    await user.clear(region.getByLabelText('New location'));
    await user.paste('Freezer hall');
    await user.click(region.getByRole('button', { name: 'Add location' }));
    expect(await screen.findByText('location added')).toBeInTheDocument();
    expect(api.calls('POST /api/location')[0]?.body).toEqual({ name: 'Freezer hall' });
  });

  it('renames a location inline within 3 to 50 characters, and shows the server’s refusal', async () => {
    const api = dashboardApi({
      extra: {
        [`PUT /api/location/${ids.location}`]: ok({ ...coldRoom, name: 'Cold room B' }),
        [`PUT /api/device/${ids.device}`]: fail(
          400,
          "device name shouldn't be longer than 30 characters",
          'deviceNameTooLong',
          'deviceName',
        ),
      },
    });
    const user = userEvent.setup();
    renderDashboard();
    const region = within(await card());
    await user.click(await region.findByRole('button', { name: 'Rename Cold room' }));
    const input = region.getByLabelText('New name for Cold room');
    await user.clear(input);
    await user.type(input, 'Co{Enter}');
    expect(await region.findByText('name must be at least 3 characters')).toBeInTheDocument();
    await user.clear(input);
    await user.paste('y'.repeat(51));
    await user.click(region.getByRole('button', { name: 'Save name' }));
    expect(
      await region.findByText("name shouldn't be longer than 50 characters"),
    ).toBeInTheDocument();
    expect(api.calls(`PUT /api/location/${ids.location}`)).toHaveLength(0);
    await user.clear(input);
    await user.type(input, 'Cold room B{Enter}');
    expect(await screen.findByText('location updated')).toBeInTheDocument();
    expect(api.calls(`PUT /api/location/${ids.location}`)[0]?.body).toEqual({
      name: 'Cold room B',
    });

    await user.click(region.getByRole('button', { name: 'Rename Fridge 1' }));
    const deviceInput = region.getByLabelText('New name for Fridge 1');
    await user.clear(deviceInput);
    await user.type(deviceInput, 'A fridge with a long name{Enter}');
    expect(
      await region.findByText("device name shouldn't be longer than 30 characters"),
    ).toBeInTheDocument();
    expect(api.calls(`PUT /api/device/${ids.device}`)[0]?.body).toEqual({
      deviceName: 'A fridge with a long name',
    });
  });

  it('deletes a location after the confirmation with the active-alarm note', async () => {
    const api = dashboardApi({
      extra: { [`DELETE /api/location/${ids.location}`]: ok({ ok: true }) },
    });
    const user = userEvent.setup();
    renderDashboard();
    const region = within(await card());
    await user.click(await region.findByRole('button', { name: 'Delete Cold room' }));
    const dialog = await screen.findByTestId('deleteLocation');
    expect(dialog).toHaveTextContent('Warning!');
    expect(dialog).toHaveTextContent('may have active alarms');
    await user.click(within(dialog).getByRole('button', { name: 'Delete location' }));
    expect(await screen.findByText('location deleted')).toBeInTheDocument();
    expect(api.calls(`DELETE /api/location/${ids.location}`)).toHaveLength(1);
    // Closed 200 ms after success (Mantine keeps an empty root behind).
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
  });

  it('adds a device to the location, assigns a user and unassigns the device', async () => {
    const spare = deviceOf({
      id: ids.thirdDevice,
      name: 'Spare sensor',
      locationId: null,
      location: null,
    });
    const api = dashboardApi({
      devices: [deviceOf(), spare],
      extra: {
        [`PUT /api/device/${ids.thirdDevice}`]: ok(spare),
        'GET /api/user/userIds': ok([
          { ...userOf('user'), role: 'user' },
          { ...userOf('super_user'), role: 'super_user' },
        ]),
        'POST /api/device/assignUser': ok(deviceOf()),
        [`POST /api/device/unassignLocation/${ids.device}`]: ok(deviceOf()),
      },
    });
    const user = userEvent.setup();
    renderDashboard();
    const region = within(await card());
    await user.click(await region.findByRole('button', { name: 'Add device' }));
    const add = await screen.findByTestId('addDeviceLocation');
    await user.click(within(add).getByRole('button', { name: 'Add device' }));
    expect(await within(add).findByText('please select a device')).toBeInTheDocument();
    await user.click(within(add).getByLabelText('Device', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Spare sensor' }));
    await user.click(within(add).getByRole('button', { name: 'Add device' }));
    await waitFor(() => {
      expect(api.calls(`PUT /api/device/${ids.thirdDevice}`)[0]?.body).toEqual({
        locationId: ids.location,
      });
    });

    await user.click(region.getByRole('button', { name: 'Assign a user to Fridge 1' }));
    const assign = await screen.findByTestId('assignUser');
    await user.click(within(assign).getByRole('button', { name: 'Assign user' }));
    expect(await within(assign).findByText('please select a user')).toBeInTheDocument();
    await user.click(within(assign).getByLabelText('User', { selector: 'input' }));
    expect(screen.queryByRole('option', { name: /Olivia Owner/ })).toBeNull();
    await user.click(await screen.findByRole('option', { name: /Victor Viewer/ }));
    await user.click(within(assign).getByRole('button', { name: 'Assign user' }));
    expect(await screen.findByText('device assigned to user successfully')).toBeInTheDocument();
    expect(api.calls('POST /api/device/assignUser')[0]?.body).toEqual({
      userId: ids.viewer,
      deviceId: ids.device,
    });

    await user.click(region.getByRole('button', { name: 'Remove Fridge 1 from its location' }));
    expect(
      await screen.findByText('device removed from location successfully'),
    ).toBeInTheDocument();
  });

  it('filters by search, and says when nothing matches', async () => {
    dashboardApi();
    const user = userEvent.setup();
    renderDashboard();
    const region = within(await card());
    await region.findByRole('button', { name: 'Fridge 1, Online' });
    await user.type(region.getByLabelText('Search locations and devices'), 'zzz');
    expect(region.getAllByText('No matching records found')).toHaveLength(2);
  });

  it('shows a user their assigned devices without any editing control', async () => {
    dashboardApi({ role: 'user' });
    renderDashboard();
    const region = within(await card());
    expect(await region.findByRole('button', { name: 'Fridge 1, Online' })).toBeInTheDocument();
    expect(region.queryByRole('button', { name: 'Add location' })).toBeNull();
    expect(region.queryByLabelText('New location')).toBeNull();
    expect(region.queryByRole('button', { name: /^Rename/ })).toBeNull();
    expect(region.queryByRole('button', { name: /^Delete/ })).toBeNull();
    expect(region.queryByRole('button', { name: /^Assign a user/ })).toBeNull();
    expect(region.queryByRole('button', { name: /from its location$/ })).toBeNull();
    expect(region.queryByRole('button', { name: 'Add device' })).toBeNull();
  });

  it('tells a user with no devices that none are assigned yet', async () => {
    dashboardApi({ role: 'user', devices: [], locations: [] });
    renderDashboard();
    const region = within(await card());
    expect(await region.findByText('No devices assigned yet')).toBeInTheDocument();
    expect(region.getByText('No locations yet')).toBeInTheDocument();
  });
});
