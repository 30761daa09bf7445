import { randomBytes } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  openPage,
  screenshot,
  signIn,
  visit,
  waitForPath,
} from '../helpers/browser';

/** A firmware image as an ESP32 build starts (magic byte 0xE9), the rest random. */
const image = () => Buffer.concat([Buffer.from([0xe9, 0x03, 0x02, 0x20]), randomBytes(48_000)]);

describe('a firmware rollout from the browser to a demo gateway and back', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('uploads ESP32 firmware, updates Gateway North and watches it install', async () => {
    const page = await openPage(browser, '/login');
    await signIn(page, 'admin@vigil.test', 'vigil-demo');
    await waitForPath(page, '/users');
    await visit(page, '/gateways');
    const row = page.getByRole('row', { name: /vigil-demo-gw-01/ });
    await row.waitFor();

    // Upload: the version comes from the file name.
    await page.getByRole('button', { name: 'Upload firmware' }).click();
    const upload = page.getByRole('dialog', { name: 'Upload gateway firmware' });
    await upload.locator('input[type="file"]').nth(1).setInputFiles({
      name: 'esp32_v2.0.0.bin',
      mimeType: 'application/octet-stream',
      buffer: image(),
    });
    await upload.getByRole('button', { name: 'Upload' }).click();
    await page.getByText('Gateway uploaded successfully').waitFor();
    await upload.waitFor({ state: 'hidden' });

    // Two steps: choose, then confirm the overwrite.
    await row.getByRole('button', { name: 'Update firmware of Gateway North' }).click();
    const update = page.getByRole('dialog', { name: 'Update firmware: Gateway North' });
    // The newest uploaded file of the command's kind is chosen once the list has loaded.
    await expect
      .poll(() => update.getByLabel('Uploaded file', { exact: true }).inputValue())
      .toMatch(/^2\.0\.0 — esp32_v2\.0\.0\.bin/);
    await update.getByRole('button', { name: 'Next' }).click();
    await update
      .getByText(
        /overwrite the ESP32 \(main_ota\) of Gateway North \(now 1\.4\.2\) with version 2\.0\.0/,
      )
      .waitFor();
    await update.getByRole('button', { name: 'Overwrite and update' }).click();
    await page.getByText('Node Devices/Gateway updated successfully').waitFor();

    // Live: the gateway downloads (progress), installs, reboots and reports the new version.
    await row.getByText(/OTA: downloading (25|50|75)%/).waitFor({ timeout: 30_000 });
    await screenshot(page, 'firmware-update-progress');
    await row.getByText('OTA: done').waitFor({ timeout: 60_000 });
    await row.getByText('2.0.0', { exact: true }).waitFor();
    await expect(row.getByText('New: 2.0.0').count()).resolves.toBe(0);
    await screenshot(page, 'firmware-update-done');

    // It stays after a reload: the versions are the gateway's report, stored.
    await page.reload();
    await page
      .getByRole('row', { name: /vigil-demo-gw-01/ })
      .getByText('OTA: done')
      .waitFor();
  });

  it('lists the node devices with their linked account, also on a phone', async () => {
    const page = await openPage(browser, '/login');
    await signIn(page, 'admin@vigil.test', 'vigil-demo');
    await page.setViewportSize({ width: 480, height: 900 });
    await visit(page, '/otaDevices');
    const row = page.getByRole('row', { name: /Fridge A1/ });
    await row.waitFor();
    await row.getByRole('button', { name: 'Account' }).click();
    const account = page.getByRole('dialog', { name: 'Linked account of Fridge A1' });
    await account.getByText('Demo Laboratory').waitFor();
    await screenshot(page, 'ota-devices-account-480');
    await page.keyboard.press('Escape');
    await row.getByRole('button', { name: 'Update firmware of Fridge A1' }).click();
    const update = page.getByRole('dialog', { name: 'Update firmware: Fridge A1' });
    await update
      .getByText('No firmware of this kind has been uploaded yet. Upload it first.')
      .waitFor();
    await screenshot(page, 'ota-devices-update-480');
  });
});
