import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FirmwareFile, FirmwareUpdate } from '@vigil/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, fail, ok } from '../../../test/fake-api';
import { accountSocket, fakeSockets } from '../../../test/fake-socket';
import { deviceOf, gatewayOf, ids, pageOf, signInAs } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import GatewaysPage from './gateways-page';
import OtaDevicesPage from './ota-devices-page';

vi.mock(
  'socket.io-client',
  async () => (await import('../../../test/fake-socket')).fakeSocketModule,
);

afterEach(() => {
  fakeSockets.length = 0;
});

const fileOf = (extra: Partial<FirmwareFile> = {}): FirmwareFile => ({
  id: '00000000-0000-4000-8000-0000000000f1',
  kind: 'espFw',
  target: 'gateway',
  version: '1.5.0',
  filename: 'esp_v1.5.0.bin',
  size: 4096,
  sha256: 'a'.repeat(64),
  createdAt: '2026-11-23T10:00:00.000Z',
  ...extra,
});

const updateOf = (extra: Partial<FirmwareUpdate> = {}): FirmwareUpdate => ({
  id: '00000000-0000-4000-8000-0000000000e1',
  firmwareId: fileOf().id,
  gatewayId: ids.gateway,
  deviceId: null,
  command: 'main_ota',
  version: '1.5.0',
  status: 'sent',
  progress: 0,
  error: null,
  createdAt: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
  ...extra,
});

const firmwareColumns = {
  id: ids.gateway,
  esp32LastVersion: '1.4.0',
  esp32NewVersion: '1.5.0',
  loraLastVersion: '2.0.1',
  loraNewVersion: '2.0.1',
  nextionLastVersion: null,
  nextionNewVersion: null,
  loraMainStatus: null,
  mainOtaStatus: 'sent',
  nextionStatus: null,
};

function adminApi(extra: Parameters<typeof fakeApi>[0] = {}) {
  signInAs('super_admin');
  return fakeApi({
    'GET /api/gateway/global': ok(pageOf([gatewayOf({ mainOtaStatus: null })])),
    'GET /api/firmware': ok({ list: [fileOf()] }),
    'GET /api/gateway/public/gateway': ok({
      update: updateOf(),
      message: 'Node Devices/Gateway updated successfully',
    }),
    ...extra,
  });
}

const fileInputs = (dialog: HTMLElement) =>
  Array.from(dialog.querySelectorAll<HTMLInputElement>('input[type="file"]'));

describe('gateway firmware (platform administrator)', () => {
  it('uploads firmware files with their versions', async () => {
    const api = adminApi({
      'POST /api/firmware': {
        status: 201,
        body: { data: { files: [fileOf()], message: 'Gateway uploaded successfully' } },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<GatewaysPage />, { path: '/gateways' });
    await user.click(await screen.findByRole('button', { name: 'Upload firmware' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload gateway firmware' });
    const inputs = fileInputs(dialog);
    expect(inputs).toHaveLength(3);
    expect(inputs[0]?.accept).toBe('.bin,.tft');
    await user.upload(inputs[1]!, new File([new Uint8Array([0xe9, 1, 2])], 'esp.bin'));
    await user.type(within(dialog).getByLabelText('ESP32 firmware (espFw) version'), '1.5.0');
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));

    expect(await screen.findByText('Gateway uploaded successfully')).toBeInTheDocument();
    const [request] = api.calls('POST /api/firmware');
    const form = request?.body as FormData;
    expect(form.get('target')).toBe('gateway');
    expect(form.get('espFwVersion')).toBe('1.5.0');
    expect((form.get('espFw') as File).name).toBe('esp.bin');
    expect(form.get('loraFw')).toBeNull();
  });

  it('says what went wrong when an upload is refused', async () => {
    adminApi({
      'POST /api/firmware': fail(
        400,
        'only .bin and .tft firmware files are accepted',
        'firmwareFileType',
      ),
    });
    const user = userEvent.setup();
    renderWithProviders(<GatewaysPage />, { path: '/gateways' });
    await user.click(await screen.findByRole('button', { name: 'Upload firmware' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload gateway firmware' });
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Choose at least one firmware file',
    );
    await user.upload(fileInputs(dialog)[0]!, new File(['x'], 'lora_v1.0.0.bin'));
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('something went wrong')).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'only .bin and .tft firmware files are accepted',
    );
  });

  it('updates a gateway in two steps, with Back, and shows its progress live', async () => {
    const api = adminApi();
    const user = userEvent.setup();
    renderWithProviders(<GatewaysPage />, { path: '/gateways' });
    await user.click(await screen.findByRole('button', { name: 'Update firmware of Lab gateway' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update firmware: Lab gateway' });
    expect(
      within(dialog).getByText('Step 1 of 2: choose the firmware to install.'),
    ).toBeInTheDocument();
    await waitFor(() => {
      expect(
        within(dialog).getByLabelText<HTMLInputElement>('Uploaded file', { selector: 'input' })
          .value,
      ).toMatch(/^1\.5\.0 — esp_v1\.5\.0\.bin \(/);
    });
    expect(api.calls('GET /api/firmware')[0]?.query.get('kind')).toBe('espFw');

    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(
      within(dialog).getByText(
        /overwrite the ESP32 \(main_ota\) of Lab gateway \(now 1\.4\.0\) with version 1\.5\.0/,
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(within(dialog).getByRole('button', { name: 'Overwrite and update' }));

    expect(
      await screen.findByText('Node Devices/Gateway updated successfully'),
    ).toBeInTheDocument();
    const [request] = api.calls('GET /api/gateway/public/gateway');
    expect(Object.fromEntries(request?.query ?? [])).toEqual({
      id: ids.gateway,
      command: 'main_ota',
      firmwareId: fileOf().id,
    });

    accountSocket()?.emit('gatewayFirmware', {
      update: updateOf({ status: 'downloading', progress: 50 }),
      gateway: { ...firmwareColumns, mainOtaStatus: 'downloading 50%' },
      device: null,
    });
    const row = within(screen.getByRole('row', { name: /Lab gateway/ }));
    expect(await row.findByText('OTA: downloading 50%')).toBeInTheDocument();
    accountSocket()?.emit('gatewayFirmware', {
      update: updateOf({ status: 'done', progress: 100 }),
      gateway: { ...firmwareColumns, esp32LastVersion: '1.5.0', mainOtaStatus: 'done' },
      device: null,
    });
    expect(await row.findByText('OTA: done')).toBeInTheDocument();
    expect(row.getByText('1.5.0')).toBeInTheDocument();
    expect(row.queryByText('New: 1.5.0')).toBeNull();
  });

  it('sends the LoRa frequency with an empty body', async () => {
    const api = adminApi({
      [`POST /api/gateway/${ids.gateway}/loraFrequency`]: ok({ frequency: '868.1' }),
    });
    const user = userEvent.setup();
    renderWithProviders(<GatewaysPage />, { path: '/gateways' });
    await user.click(
      await screen.findByRole('button', { name: 'Send the LoRa frequency to Lab gateway' }),
    );
    await waitFor(() => {
      expect(api.calls(`POST /api/gateway/${ids.gateway}/loraFrequency`)).toHaveLength(1);
    });
    expect(api.calls(`POST /api/gateway/${ids.gateway}/loraFrequency`)[0]?.body).toBeUndefined();
  });
});

describe('OTA (node) devices page', () => {
  it('lists every node with its firmware, linked account and update action', async () => {
    signInAs('super_admin');
    const node = deviceOf({ fvLastVersion: '3.0.0', fvNewVersion: '3.1.0' });
    const api = fakeApi({
      'GET /api/device/global': ok(pageOf([node])),
      'GET /api/firmware': ok({
        list: [
          fileOf({ kind: 'loraFw', target: 'node', version: '3.1.0', filename: 'node_v3.1.0.bin' }),
        ],
      }),
      [`POST /api/device/${ids.device}/firmware`]: ok({
        update: updateOf({ command: 'node_ota', deviceId: ids.device, version: '3.1.0' }),
        message: 'Node Devices/Gateway updated successfully',
      }),
    });
    const user = userEvent.setup();
    renderWithProviders(<OtaDevicesPage />, { path: '/otaDevices' });
    const table = await screen.findByTestId('ota-devices-table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Device ID', 'Name', 'Created at', 'Firmware (last / new)', 'Account', 'Action']);
    expect(api.calls('GET /api/device/global')[0]?.query.toString()).toBe('page=1&pageSize=1000');
    const row = within(screen.getByRole('row', { name: /Fridge 1/ }));
    expect(row.getByText('00:1A:2B:3C:4D:5E')).toBeInTheDocument();
    expect(row.getByText('New: 3.1.0')).toBeInTheDocument();

    await user.click(row.getByRole('button', { name: 'Account' }));
    const account = await screen.findByRole('dialog', { name: 'Linked account of Fridge 1' });
    expect(within(account).getByText('Demo Laboratory')).toBeInTheDocument();
    await user.keyboard('{Escape}');

    expect(screen.getByRole('button', { name: 'Upload FW' })).toBeInTheDocument();
    await user.click(row.getByRole('button', { name: 'Update firmware of Fridge 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update firmware: Fridge 1' });
    expect(
      within(dialog).getByLabelText('Uploaded file', { selector: 'input' }),
    ).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Firmware', { selector: 'input' })).toBeNull();
    await waitFor(() => {
      expect(within(dialog).getByRole('button', { name: 'Next' })).toBeEnabled();
    });
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(within(dialog).getByRole('button', { name: 'Overwrite and update' }));
    expect(
      await screen.findByText('Node Devices/Gateway updated successfully'),
    ).toBeInTheDocument();
    expect(api.calls(`POST /api/device/${ids.device}/firmware`)[0]?.body).toEqual({
      firmwareId: fileOf().id,
    });

    accountSocket()?.emit('gatewayFirmware', {
      update: updateOf({
        command: 'node_ota',
        deviceId: ids.device,
        status: 'done',
        progress: 100,
      }),
      gateway: null,
      device: { id: ids.device, fvLastVersion: '3.1.0', fvNewVersion: '3.1.0', otaStatus: 'done' },
    });
    expect(await row.findByText('OTA: done')).toBeInTheDocument();
    expect(row.queryByText('New: 3.1.0')).toBeNull();
  });
});
