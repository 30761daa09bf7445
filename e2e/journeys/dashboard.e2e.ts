import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import mqtt from 'mqtt';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  launchBrowser,
  listRow,
  logOut,
  openPage,
  screenshot,
  screenshotDir,
  selectRow,
  signIn,
  visit,
} from '../helpers/browser';
import { pickDateTime } from '../helpers/dates';

const password = 'vigil-demo';

type Hardware = { deviceId: string; deviceDbId: string; gatewayId: string; secret: string };

/**
 * A gateway and a fridge of this journey's own, added through the API as the signed-in owner:
 * the demo's gateways stream every 10 s, and a reading of theirs could overtake ours.
 */
async function addHardware(page: Page): Promise<Hardware> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { authorization: `Bearer ${token ?? ''}` };
  const stamp = randomBytes(3).toString('hex');
  const gateway = await page.request.post('/api/gateway', {
    headers,
    data: { gatewayName: `Dashboard ${stamp}`, gatewayId: `gw-dash-${stamp}` },
  });
  const { gateway: created, secret } = (
    (await gateway.json()) as {
      data: { gateway: { id: string; gatewayId: string }; secret: string };
    }
  ).data;
  const address = [...randomBytes(6)].map((byte) => byte.toString(16).padStart(2, '0')).join(':');
  const device = await page.request.post('/api/device', {
    headers,
    data: { deviceName: `Journey fridge ${stamp}`, deviceId: address, gatewayId: created.id },
  });
  const { id } = ((await device.json()) as { data: { id: string } }).data;
  return { deviceId: address, deviceDbId: id, gatewayId: created.gatewayId, secret };
}

/** Publishes one reading now, as the hardware's gateway would. */
async function publish(hardware: Hardware, data: Record<string, number>) {
  const client = await mqtt.connectAsync(inject('mqttUrl'), {
    protocolVersion: 4,
    username: hardware.gatewayId,
    password: hardware.secret,
    clientId: `e2e-${hardware.gatewayId}`,
  });
  const reading = { deviceId: hardware.deviceId, ts: new Date().toISOString(), data };
  await client.publishAsync(
    `v1/gateways/${hardware.gatewayId}/up`,
    JSON.stringify({ readings: [reading] }),
    { qos: 1 },
  );
  await client.endAsync();
}

/**
 * Loads /dashboard afresh and records (does not assert) how long until it is interactive: the
 * selected device's readings shown and its chart drawn. Kept with the screenshots.
 */
async function recordDashboardTiming(page: Page) {
  await visit(page, '/dashboard');
  const status = card(page, 'Device status');
  // Whichever device the dashboard opens on (the first in alarm, else the first with readings:
  // a spill sensor shows no temperature), its latest reading is shown.
  await status
    .getByText(/^Latest reading /)
    .waitFor()
    .catch(async (error: unknown) => {
      const shown = await status.innerText().catch(() => '(no Device status card)');
      throw new Error(`no latest reading at ${page.url()}; the card shows:\n${shown}`, {
        cause: error,
      });
    });
  await card(page, 'Device data').getByTestId('metric-chart').first().locator('canvas').waitFor();
  const timing = await page.evaluate(() => {
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    return {
      domInteractiveMs: Math.round(navigation.domInteractive),
      loadEventMs: Math.round(navigation.loadEventEnd),
      readingsAndChartMs: Math.round(performance.now()),
      scriptKb: Math.round(
        performance
          .getEntriesByType('resource')
          .filter((entry) => entry.name.endsWith('.js'))
          .reduce((sum, entry) => sum + (entry as PerformanceResourceTiming).encodedBodySize, 0) /
          1024,
      ),
    };
  });
  await mkdir(screenshotDir, { recursive: true });
  await writeFile(
    join(screenshotDir, 'dashboard-timing.json'),
    `${JSON.stringify({ at: new Date().toISOString(), ...timing }, null, 2)}\n`,
  );
  process.stdout.write(`dashboard interactive: ${JSON.stringify(timing)}\n`);
}

const card = (page: Page, name: string) => page.getByRole('region', { name });

async function chooseRange(page: Page, range: string) {
  await card(page, 'Device data')
    .getByRole('combobox', { name: 'Range' })
    .selectOption({ label: range });
}

describe('the live dashboard', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('shows the demo lab live to its owner: readings, ranges, custom dates, exports and the grid', async () => {
    const page = await openPage(browser, '/login');
    await signIn(page, 'owner@demo.vigil.test', password);
    await recordDashboardTiming(page);
    const locations = card(page, 'Locations and devices');
    await selectRow(locations, 'Cold Room A');
    await listRow(locations, 'Fridge A1').click();
    await page.waitForURL(/device=/);
    const status = card(page, 'Device status');
    await status.getByText('Fridge A1').waitFor();

    // A device chosen in the address (a shared view): a reading over MQTT shows up live.
    const hardware = await addHardware(page);
    await visit(page, `/dashboard?device=${hardware.deviceDbId}`);
    await status.getByText(/^Journey fridge/).waitFor();
    await publish(hardware, { Node_Type: 1, t: 7.77, h: 55.5 });
    await status.getByText('7.77 °C').waitFor();
    await status.getByText('55.5 %').waitFor();

    const data = card(page, 'Device data');
    await chooseRange(page, 'Live');
    await data.getByText('Temperature (°C)').waitFor();
    await screenshot(page, 'dashboard-live-light');

    for (const range of ['7 days', '1 year']) {
      await chooseRange(page, range);
      await data.getByText('Temperature (°C)').waitFor();
    }
    await screenshot(page, 'dashboard-1y');

    await chooseRange(page, 'Custom');
    const dates = page.getByRole('dialog', { name: 'Choose dates' });
    // The app's own calendar in the interface language (issue 19), not the browser's.
    await pickDateTime(page, dates.getByRole('button', { name: /^Start date/ }), 10);
    await pickDateTime(page, dates.getByRole('button', { name: /^End date/ }), 9);
    await dates
      .getByText('please ensure that the end date is greater than or equal to the start date')
      .waitFor();
    expect(await dates.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await dates.getByRole('button', { name: 'Cancel' }).click();
    await dates.waitFor({ state: 'hidden' });

    await chooseRange(page, '1 hour');
    await data.getByRole('tab', { name: 'Raw data' }).click();
    await data.getByRole('button', { name: 'Export and view options' }).click();
    // The finished export opens in a new tab: note the address it opens, and fetch it.
    await page.evaluate(() => {
      const opened: string[] = [];
      Object.assign(window, { openedUrls: opened });
      window.open = (url) => {
        opened.push(String(url));
        return null;
      };
    });
    await page.getByRole('menuitem', { name: 'Download CSV' }).click();
    const resultUrl = await page
      .waitForFunction(() => (window as unknown as { openedUrls: string[] }).openedUrls[0])
      .then((handle) => handle.jsonValue());
    const csv = await page.request.get(String(resultUrl));
    expect(csv.status()).toBe(200);
    expect(await csv.text()).toContain('7.77');

    // Lock the grid: it stays locked after a reload (saved locally and on the server).
    await page.getByRole('button', { name: 'Lock layout' }).click();
    await page.getByRole('button', { name: 'Unlock layout' }).waitFor();
    await page.reload();
    await page.getByRole('button', { name: 'Unlock layout' }).waitFor();

    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await status.getByText('7.77 °C').waitFor();
    await data.getByText('Temperature (°C)').waitFor();
    await screenshot(page, 'dashboard-dark');
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await logOut(page);
    await page.context().close();
  });

  it('shows the viewer only the devices assigned to them, without editing controls', async () => {
    const page = await openPage(browser, '/login');
    await signIn(page, 'viewer@demo.vigil.test', password);
    await visit(page, '/dashboard');
    const locations = card(page, 'Locations and devices');
    await listRow(locations, 'Fridge A1').waitFor();
    const names = await locations
      .getByRole('button', { name: /, (Online|Offline)$/ })
      .allInnerTexts();
    expect(names.length).toBeGreaterThan(0);
    expect(names.join(' ')).not.toMatch(/Incubator|ULT Freezer|Dewar/);
    expect(await locations.getByRole('button', { name: 'Add location' }).count()).toBe(0);
    expect(await locations.getByRole('button', { name: /^Rename / }).count()).toBe(0);
    await screenshot(page, 'dashboard-viewer');
    await logOut(page);
    await page.context().close();
  });
});
