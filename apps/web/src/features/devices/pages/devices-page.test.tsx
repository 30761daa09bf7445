import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Device } from '@vigil/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, fail, ok } from '../../../test/fake-api';
import {
  deviceOf,
  emptyReading,
  gatewayOf,
  ids,
  metadataOf,
  pageOf,
  signInAs,
} from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import DevicesPage from './devices-page';

const location = {
  id: ids.location,
  name: 'Cold room',
  deviceCount: 1,
  createdAt: '2026-11-20T09:30:00.000Z',
};

/** The owner's devices page with one device, its gateway and location to choose from. */
function ownerApi(devices: Device[] = [deviceOf()], extra: Parameters<typeof fakeApi>[0] = {}) {
  signInAs('super_user');
  return fakeApi({
    'GET /api/user/metadata': ok(metadataOf('super_user')),
    [`GET /api/device/${ids.owner}/`]: ok(pageOf(devices)),
    [`GET /api/gateway/${ids.owner}/`]: ok(pageOf([gatewayOf()])),
    [`GET /api/location/${ids.owner}`]: ok(pageOf([location])),
    ...extra,
  });
}

const openAdd = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(await screen.findByRole('button', { name: 'Add device' }));
  return screen.findByTestId('addEditDevice');
};

const openEdit = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(await screen.findByRole('button', { name: 'Edit Fridge 1' }));
  return screen.findByTestId('addEditDevice');
};

const field = (dialog: HTMLElement, label: RegExp) =>
  within(dialog).getByLabelText(label, { selector: 'input' });

/** Types by pasting: a long form re-renders on every key, which only makes tests slow. */
async function fill(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('devices page', () => {
  it('lists the account’s devices with the spec’s columns, paged by the server', async () => {
    const api = ownerApi([
      deviceOf(),
      deviceOf({
        id: '00000000-0000-4000-8000-0000000000d2',
        deviceId: 'a1:b2:c3:d4',
        name: 'Spare sensor',
        gateway: null,
        gatewayId: null,
        location: null,
        locationId: null,
        equipmentType: 'N/A',
        equipmentStatus: 0,
        offlineAlarmEnable: 0,
        offlineAlarmFrequency: 0,
        status: 'inactive',
        lastSeenAt: null,
      }),
    ]);
    renderWithProviders(<DevicesPage />, { path: '/devices' });
    const table = await screen.findByTestId('devices-table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      'Device ID',
      'Name',
      'Gateway',
      'Equipment type',
      'Equipment status',
      'Offline alerts',
      'Alert frequency',
      'Created at',
      'Location',
      'Connection',
      'Latest reading',
      'Actions',
    ]);
    const fridge = within(screen.getByRole('row', { name: /Fridge 1/ }));
    expect(fridge.getByText('00:1A:2B:3C:4D:5E')).toBeInTheDocument();
    expect(fridge.getByText('Lab gateway')).toBeInTheDocument();
    expect(fridge.getByText('-20 °C')).toBeInTheDocument();
    expect(fridge.getByText('Active')).toBeInTheDocument();
    expect(fridge.getByText('Enabled')).toBeInTheDocument();
    expect(fridge.getByText('Every 30 min')).toBeInTheDocument();
    expect(fridge.getByText('Cold room')).toBeInTheDocument();
    expect(fridge.getByText('Online')).toBeInTheDocument();
    const spare = within(screen.getByRole('row', { name: /Spare sensor/ }));
    expect(spare.getByText('A1:B2:C3:D4')).toBeInTheDocument();
    expect(spare.getByText('Inactive')).toBeInTheDocument();
    expect(spare.getByText('Disabled')).toBeInTheDocument();
    expect(spare.getByText('Use global setting')).toBeInTheDocument();
    expect(spare.getByText('Offline')).toBeInTheDocument();
    expect(spare.getByText('Never seen')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 2 of 2')).toBeInTheDocument();
    const query = api.calls(`GET /api/device/${ids.owner}/`)[0]?.query;
    expect(query?.get('page')).toBe('1');
    expect(query?.get('pageSize')).toBe('10');
  });

  it('shows equipment temperatures and the latest reading in a Fahrenheit account’s unit', async () => {
    const reading = { ...emptyReading, createdAt: '2026-11-24T10:00:00.000Z', t: 4.5, h: 41.26 };
    const thermo = { ...emptyReading, createdAt: '2026-11-24T10:00:00.000Z', thermo: -80 };
    const devices = [
      deviceOf({ latestData: { nodeData: reading } }),
      deviceOf({ id: ids.otherDevice, name: 'ULT freezer', latestData: { nodeData: thermo } }),
      deviceOf({ id: ids.thirdDevice, name: 'Silent node' }),
    ];
    ownerApi(devices, {
      'GET /api/user/metadata': ok(metadataOf('super_user', { temperatureUnit: 'F' })),
    });
    renderWithProviders(<DevicesPage />, { path: '/devices' });
    const row = within(await screen.findByRole('row', { name: /Fridge 1/ }));
    expect(await row.findByText('-4 °F (-20 °C)')).toBeInTheDocument();
    expect(row.getByText('40.10 °F · 41.3 %')).toBeInTheDocument();
    const freezer = within(screen.getByRole('row', { name: /ULT freezer/ }));
    expect(freezer.getByText('-112.00 °F')).toBeInTheDocument();
    const silent = within(screen.getByRole('row', { name: /Silent node/ }));
    expect(silent.getAllByText('N/A').length).toBeGreaterThan(0);
  });

  it('searches on the server', async () => {
    const api = ownerApi();
    const user = userEvent.setup();
    renderWithProviders(<DevicesPage />, { path: '/devices' });
    await screen.findByTestId('devices-table');
    await user.type(screen.getByLabelText('Search devices'), 'fridge');
    await waitFor(() => {
      const searched = api
        .calls(`GET /api/device/${ids.owner}/`)
        .map((call) => call.query.get('search'));
      expect(searched).toContain('fridge');
    });
  });

  it('validates a new device with the spec’s messages, then adds it with the defaults', async () => {
    const api = ownerApi([], { 'POST /api/device': { status: 201, body: { data: deviceOf() } } });
    const user = userEvent.setup();
    renderWithProviders(<DevicesPage />, { path: '/devices' });
    const dialog = await openAdd(user);
    await user.click(within(dialog).getByRole('button', { name: 'Add device' }));
    expect(await within(dialog).findByText('device name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('device ID is required')).toBeInTheDocument();

    await fill(user, field(dialog, /^device name/i), 'F');
    await user.click(within(dialog).getByRole('button', { name: 'Add device' }));
    expect(
      await within(dialog).findByText('device name must be at least 2 characters'),
    ).toBeInTheDocument();
    await user.click(field(dialog, /^device name/i));
    await user.paste('x'.repeat(30));
    await user.click(within(dialog).getByRole('button', { name: 'Add device' }));
    expect(
      await within(dialog).findByText("device name shouldn't be longer than 30 characters"),
    ).toBeInTheDocument();
    expect(api.calls('POST /api/device')).toHaveLength(0);

    await user.clear(field(dialog, /^device name/i));
    await fill(user, field(dialog, /^device name/i), 'Fridge 1');
    await fill(user, field(dialog, /^device id/i), '00:1A:2B:3C:4D:5E');
    await user.click(within(dialog).getByRole('button', { name: 'Add device' }));
    expect(await screen.findByText('device Fridge 1 added successfully')).toBeInTheDocument();
    expect(api.calls('POST /api/device')[0]?.body).toEqual({
      deviceName: 'Fridge 1',
      deviceId: '00:1A:2B:3C:4D:5E',
      gatewayId: null,
      locationId: null,
      equipmentType: 'N/A',
      equipmentStatus: 1,
      offlineAlarmEnable: 1,
      offlineAlarmFrequency: 0,
      ttl: 60,
      spillSensor: 0,
      invertWaterSignal: 0,
      timezone: 'Etc/UTC',
    });
  });

  it('shows the server’s refusal under its field', async () => {
    ownerApi([], {
      'POST /api/device': fail(
        409,
        'a device with this ID already exists',
        'deviceIdTaken',
        'deviceId',
      ),
    });
    const user = userEvent.setup();
    renderWithProviders(<DevicesPage />, { path: '/devices' });
    const dialog = await openAdd(user);
    await fill(user, field(dialog, /^device name/i), 'Fridge 1');
    await fill(user, field(dialog, /^device id/i), '001a2b3c4d5e');
    await user.click(within(dialog).getByRole('button', { name: 'Add device' }));
    expect(
      await within(dialog).findByText('a device with this ID already exists'),
    ).toBeInTheDocument();
  });

  it('turns offline alerts off with inactive equipment, and reveals the inverted signal', async () => {
    const api = ownerApi([], { 'POST /api/device': { status: 201, body: { data: deviceOf() } } });
    const user = userEvent.setup();
    renderWithProviders(<DevicesPage />, { path: '/devices' });
    const dialog = await openAdd(user);
    const offlineAlerts = within(dialog).getByRole('checkbox', { name: 'Offline alerts' });
    expect(offlineAlerts).toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Equipment active' }));
    expect(offlineAlerts).not.toBeChecked();
    expect(offlineAlerts).toBeDisabled();

    expect(within(dialog).queryByRole('checkbox', { name: 'Invert water signal' })).toBeNull();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Spill sensor' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Invert water signal' }));

    await fill(user, field(dialog, /^device name/i), 'Floor sensor');
    await fill(user, field(dialog, /^device id/i), 'aa:bb:cc:dd');
    await user.click(within(dialog).getByRole('button', { name: 'Add device' }));
    await waitFor(() => {
      expect(api.calls('POST /api/device')).toHaveLength(1);
    });
    expect(api.calls('POST /api/device')[0]?.body).toMatchObject({
      equipmentStatus: 0,
      offlineAlarmEnable: 0,
      spillSensor: 1,
      invertWaterSignal: 1,
    });
  });

  it('adds a location from the device form and chooses it', async () => {
    const created = {
      ...location,
      id: '00000000-0000-4000-8000-0000000000c2',
      name: 'Freezer hall',
    };
    const locations = [location];
    const api = ownerApi([], {
      [`GET /api/location/${ids.owner}`]: () => ok(pageOf(locations)),
      'POST /api/location': () => {
        locations.push(created);
        return { status: 201, body: { data: created } };
      },
      'POST /api/device': { status: 201, body: { data: deviceOf() } },
    });
    const user = userEvent.setup();
    renderWithProviders(<DevicesPage />, { path: '/devices' });
    const dialog = await openAdd(user);
    await user.click(within(dialog).getByRole('button', { name: 'Add a new location' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add location' }));
    expect(await within(dialog).findByText('location is required')).toBeInTheDocument();
    await fill(user, field(dialog, /^new location name/i), 'Freezer hall');
    await user.keyboard('{Enter}');
    await waitFor(() => {
      expect(field(dialog, /^location/i)).toHaveValue('Freezer hall');
    });
    expect(api.calls('POST /api/location')[0]?.body).toEqual({ name: 'Freezer hall' });
    await fill(user, field(dialog, /^device name/i), 'Freezer 2');
    await fill(user, field(dialog, /^device id/i), 'aa:bb:cc:dd');
    await user.click(within(dialog).getByRole('button', { name: 'Add device' }));
    await waitFor(() => {
      expect(api.calls('POST /api/device')[0]?.body).toMatchObject({ locationId: created.id });
    });
  });

  it('unlocks the device ID with the person’s own password, and sends the token', async () => {
    const device = deviceOf();
    const api = ownerApi([device], {
      'POST /api/auth/unlock': ok({
        unlockToken: 'unlock-token-1',
        expiresAt: '2026-11-24T10:10:00.000Z',
      }),
      [`PUT /api/device/${device.id}`]: ok(device),
    });
    const user = userEvent.setup();
    renderWithProviders(<DevicesPage />, { path: '/devices' });
    const dialog = await openEdit(user);
    const deviceId = field(dialog, /^device id/i);
    expect(deviceId).toHaveValue('00:1A:2B:3C:4D:5E');
    expect(deviceId).toHaveAttribute('readonly');
    await user.click(within(dialog).getByRole('button', { name: 'Change Device ID' }));
    await user.type(within(dialog).getByLabelText('Your password'), 'vigil-demo');
    await user.click(within(dialog).getByRole('button', { name: 'Unlock' }));
    expect(
      await screen.findByText('you are now authorised to change device/gateway ID'),
    ).toBeInTheDocument();
    expect(api.calls('POST /api/auth/unlock')[0]?.body).toEqual({ password: 'vigil-demo' });
    expect(deviceId).not.toHaveAttribute('readonly');
    await user.clear(deviceId);
    await fill(user, deviceId, '00:1A:2B:3C:4D:5F');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText('Node Devices/Gateway updated successfully'),
    ).toBeInTheDocument();
    expect(api.calls(`PUT /api/device/${device.id}`)[0]?.body).toMatchObject({
      deviceName: 'Fridge 1',
      deviceId: '00:1A:2B:3C:4D:5F',
      unlockToken: 'unlock-token-1',
      timezone: 'Europe/Vaduz',
    });
  });

  it('keeps the device ID locked when the password does not match', async () => {
    const device = deviceOf();
    const api = ownerApi([device], {
      'POST /api/auth/unlock': fail(403, "password didn't match", 'unlockMismatch', 'password'),
      [`PUT /api/device/${device.id}`]: ok(device),
    });
    const user = userEvent.setup();
    renderWithProviders(<DevicesPage />, { path: '/devices' });
    const dialog = await openEdit(user);
    await user.click(within(dialog).getByRole('button', { name: 'Change Device ID' }));
    await user.type(within(dialog).getByLabelText('Your password'), 'wrong{Enter}');
    expect(await within(dialog).findByText("password didn't match")).toBeInTheDocument();
    expect(field(dialog, /^device id/i)).toHaveAttribute('readonly');
    expect(screen.queryByText('you are now authorised to change device/gateway ID')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => {
      expect(api.calls(`PUT /api/device/${device.id}`)).toHaveLength(1);
    });
    const body = api.calls(`PUT /api/device/${device.id}`)[0]?.body;
    expect(body).not.toHaveProperty('deviceId');
    expect(body).not.toHaveProperty('unlockToken');
  });

  it('deletes a device after confirmation', async () => {
    const device = deviceOf();
    const api = ownerApi([device], { [`DELETE /api/device/${device.id}`]: ok({ ok: true }) });
    const user = userEvent.setup();
    renderWithProviders(<DevicesPage />, { path: '/devices' });
    await user.click(await screen.findByRole('button', { name: 'Delete Fridge 1' }));
    const dialog = await screen.findByTestId('deleteDevice');
    expect(dialog).toHaveTextContent('Fridge 1 (00:1A:2B:3C:4D:5E)');
    await user.click(within(dialog).getByRole('button', { name: 'Delete device' }));
    expect(await screen.findByText('device deleted successfully')).toBeInTheDocument();
    expect(api.calls(`DELETE /api/device/${device.id}`)).toHaveLength(1);
  });

  it('downloads the list as deviceList.csv', async () => {
    ownerApi(undefined, {
      'GET /api/device/csv': { status: 200, body: 'Device ID,Name' },
    });
    const createObjectURL = vi.fn((_file: Blob) => 'blob:devices');
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = createObjectURL;
        static override revokeObjectURL = () => undefined;
      },
    );
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    const user = userEvent.setup();
    renderWithProviders(<DevicesPage />, { path: '/devices' });
    await user.click(await screen.findByRole('button', { name: 'Download list' }));
    await waitFor(() => {
      expect(clicked).toEqual(['deviceList.csv']);
    });
    expect(createObjectURL).toHaveBeenCalledTimes(1);
  });
});
