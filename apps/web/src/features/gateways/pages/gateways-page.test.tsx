import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Gateway } from '@vigil/contracts';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, fail, ok } from '../../../test/fake-api';
import { gatewayOf, ids, pageOf, signInAs } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import GatewaysPage from './gateways-page';

vi.mock(
  'socket.io-client',
  async () => (await import('../../../test/fake-socket')).fakeSocketModule,
);

type User = ReturnType<typeof userEvent.setup>;

const headers = async () => {
  const table = await screen.findByTestId('gateways-table');
  return within(table)
    .getAllByRole('columnheader')
    .map((header) => header.textContent);
};

function ownerApi(gateways: Gateway[] = [gatewayOf()], extra: Parameters<typeof fakeApi>[0] = {}) {
  signInAs('super_user');
  return fakeApi({ [`GET /api/gateway/${ids.owner}/`]: ok(pageOf(gateways)), ...extra });
}

const credentialsOf = (gateway: Gateway, secret: string) => ({
  gateway,
  secret,
  mqtt: {
    url: 'mqtt://broker.lab.test:1883',
    username: gateway.gatewayId,
    topicPrefix: `v1/gateways/${gateway.gatewayId}`,
  },
});

const field = (dialog: HTMLElement, label: RegExp) =>
  within(dialog).getByLabelText(label, { selector: 'input' });

async function fill(user: User, input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

describe('gateways page', () => {
  it('shows an account owner their gateways with download, add, edit and delete', async () => {
    const api = ownerApi();
    renderWithProviders(<GatewaysPage />, { path: '/gateways' });
    expect(await headers()).toEqual([
      'Gateway ID',
      'Name',
      'Frequency',
      'Devices',
      'Connection',
      'Created at',
      'Actions',
    ]);
    const row = within(screen.getByRole('row', { name: /Lab gateway/ }));
    expect(row.getByText('gw-lab-01')).toBeInTheDocument();
    expect(row.getByText('868.1 MHz')).toBeInTheDocument();
    expect(row.getByText('Online')).toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Edit Lab gateway' })).toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Delete Lab gateway' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add gateway' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download list' })).toBeInTheDocument();
    expect(screen.queryByText('1.4.0')).toBeNull();
    expect(api.calls('GET /api/gateway/global')).toHaveLength(0);
  });

  it('shows the platform administrator every gateway’s firmware, with firmware actions only', async () => {
    signInAs('super_admin');
    const api = fakeApi({ 'GET /api/gateway/global': ok(pageOf([gatewayOf()])) });
    const user = userEvent.setup();
    renderWithProviders(<GatewaysPage />, { path: '/gateways' });
    expect(await headers()).toEqual([
      'Gateway ID',
      'Name',
      'Account',
      'Frequency',
      'Devices',
      'Connection',
      'ESP32 firmware',
      'LoRa firmware',
      'Nextion firmware',
      'Created at',
      'Actions',
    ]);
    const row = within(screen.getByRole('row', { name: /Lab gateway/ }));
    expect(row.getByText('Demo Laboratory')).toBeInTheDocument();
    expect(row.getByText('1.4.0')).toBeInTheDocument();
    expect(row.getByText('New: 1.5.0')).toBeInTheDocument();
    expect(row.getByText('OTA: downloading 40%')).toBeInTheDocument();
    expect(row.getByText('2.0.1')).toBeInTheDocument();
    expect(row.queryByText('New: 2.0.1')).toBeNull();
    expect(row.getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual([
      'Update firmware of Lab gateway',
      'Send the LoRa frequency to Lab gateway',
    ]);
    expect(screen.queryByRole('button', { name: 'Add gateway' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download list' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => {
      expect(api.calls('GET /api/gateway/global')).toHaveLength(2);
    });
  });

  it('validates a new gateway, then shows its secret once with a connection command', async () => {
    const created = gatewayOf({ id: '00000000-0000-4000-8000-0000000000b2', gatewayId: 'gw-02' });
    const api = ownerApi([], {
      'POST /api/gateway': {
        status: 201,
        body: { data: credentialsOf({ ...created, name: 'Cold hall' }, 'only-once-secret') },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<GatewaysPage />, { path: '/gateways' });
    await user.click(await screen.findByRole('button', { name: 'Add gateway' }));
    const dialog = await screen.findByTestId('addEditGateway');
    await user.click(within(dialog).getByRole('button', { name: 'Add gateway' }));
    expect(await within(dialog).findByText('gateway name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('gateway ID is required')).toBeInTheDocument();
    await fill(user, field(dialog, /^gateway name/i), 'Co');
    await fill(user, field(dialog, /^gateway id/i), 'g');
    await user.click(within(dialog).getByRole('button', { name: 'Add gateway' }));
    expect(
      await within(dialog).findByText('gateway name must be at least 3 characters'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(/^please enter a valid gateway ID/)).toBeInTheDocument();
    expect(api.calls('POST /api/gateway')).toHaveLength(0);

    await fill(user, field(dialog, /^gateway name/i), 'ld hall');
    await fill(user, field(dialog, /^gateway id/i), 'w-02');
    await fill(user, field(dialog, /^lora frequency/i), '868.3');
    await user.click(within(dialog).getByRole('button', { name: 'Add gateway' }));

    const configuration = await screen.findByTestId('configuration');
    expect(api.calls('POST /api/gateway')[0]?.body).toEqual({
      gatewayName: 'Cold hall',
      gatewayId: 'gw-02',
      loraFreq: '868.3',
    });
    expect(within(configuration).getByTestId('gateway-secret')).toHaveTextContent(
      'only-once-secret',
    );
    expect(within(configuration).getByText('Copy the secret now')).toBeInTheDocument();
    expect(within(configuration).getByRole('button', { name: 'Copy secret' })).toBeInTheDocument();
    expect(within(configuration).getByRole('button', { name: 'Copy command' })).toBeInTheDocument();
    expect(within(configuration).getByText(/^mosquitto_pub/)).toHaveTextContent(
      "-L 'mqtt://broker.lab.test:1883/v1/gateways/gw-02/up' \\ -u 'gw-02' \\ -P 'only-once-secret'",
    );
    await user.click(within(configuration).getByRole('button', { name: 'Done' }));
    await waitFor(() => {
      expect(screen.queryByText('only-once-secret')).toBeNull();
    });
    expect(screen.queryByText(/only-once-secret/)).toBeNull();
  });

  it('gives a gateway a new secret after confirmation and shows it', async () => {
    const gateway = gatewayOf();
    const api = ownerApi([gateway], {
      [`POST /api/gateway/${gateway.id}/secret`]: ok(credentialsOf(gateway, 'rotated-secret')),
    });
    const user = userEvent.setup();
    renderWithProviders(<GatewaysPage />, { path: '/gateways' });
    await user.click(
      await screen.findByRole('button', { name: 'New MQTT secret for Lab gateway' }),
    );
    const confirm = await screen.findByTestId('rotateSecret');
    expect(api.calls(`POST /api/gateway/${gateway.id}/secret`)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Create new secret' }));
    const configuration = await screen.findByTestId('configuration');
    expect(within(configuration).getByTestId('gateway-secret')).toHaveTextContent('rotated-secret');
    expect(api.calls(`POST /api/gateway/${gateway.id}/secret`)).toHaveLength(1);
  });

  it('changes a gateway ID only after the password is verified', async () => {
    const gateway = gatewayOf();
    const api = ownerApi([gateway], {
      'POST /api/auth/unlock': ok({
        unlockToken: 'unlock-token-2',
        expiresAt: '2026-11-24T10:10:00.000Z',
      }),
      [`PUT /api/gateway/${gateway.id}`]: ok(gateway),
    });
    const user = userEvent.setup();
    renderWithProviders(<GatewaysPage />, { path: '/gateways' });
    await user.click(await screen.findByRole('button', { name: 'Edit Lab gateway' }));
    const dialog = await screen.findByTestId('addEditGateway');
    const gatewayId = field(dialog, /^gateway id/i);
    expect(gatewayId).toHaveAttribute('readonly');
    await user.click(within(dialog).getByRole('button', { name: 'Change Gateway ID' }));
    await fill(user, within(dialog).getByLabelText('Your password'), 'vigil-demo');
    await user.keyboard('{Enter}');
    expect(
      await screen.findByText('you are now authorised to change device/gateway ID'),
    ).toBeInTheDocument();
    await user.clear(gatewayId);
    await fill(user, gatewayId, 'GW-LAB-99');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText('Node Devices/Gateway updated successfully'),
    ).toBeInTheDocument();
    expect(api.calls(`PUT /api/gateway/${gateway.id}`)[0]?.body).toEqual({
      gatewayName: 'Lab gateway',
      loraFreq: '868.1',
      gatewayId: 'gw-lab-99',
      unlockToken: 'unlock-token-2',
    });
  });

  it('shows why a gateway with devices cannot be deleted', async () => {
    const gateway = gatewayOf();
    ownerApi([gateway], {
      [`DELETE /api/gateway/${gateway.id}`]: fail(
        409,
        'this gateway still has devices; move or delete them first',
        'gatewayHasDevices',
      ),
    });
    const user = userEvent.setup();
    renderWithProviders(<GatewaysPage />, { path: '/gateways' });
    await user.click(await screen.findByRole('button', { name: 'Delete Lab gateway' }));
    const dialog = await screen.findByTestId('deleteGateway');
    await user.click(within(dialog).getByRole('button', { name: 'Delete gateway' }));
    expect(
      await screen.findByText('this gateway still has devices; move or delete them first'),
    ).toBeInTheDocument();
  });
});
