import { randomBytes } from 'node:crypto';
import mqtt from 'mqtt';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  logOut,
  openPage,
  screenshot,
  signIn,
  visit,
  waitForPath,
} from '../helpers/browser';

/** The pieces of the copied `mosquitto_pub -L <url> -u <user> -P <secret> -q 1 -m <json>` command. */
function parseSnippet(snippet: string) {
  const word = (flag: string) => {
    const match = new RegExp(`${flag} '((?:[^']|'\\\\'')*)'`).exec(snippet);
    if (!match?.[1]) throw new Error(`no ${flag} in the snippet:\n${snippet}`);
    return match[1].replaceAll(`'\\''`, "'");
  };
  const location = new URL(word('-L'));
  return {
    broker: `${location.protocol}//${location.host}`,
    topic: location.pathname.slice(1),
    username: word('-u'),
    password: word('-P'),
    message: JSON.parse(word('-m')) as {
      readings: { deviceId: string; ts: string; data: Record<string, number> }[];
    },
  };
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('dialog').getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

describe('an owner connects new hardware', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('adds a gateway, a location and a device, publishes with the copied command and sees the reading', async () => {
    const stamp = randomBytes(3).toString('hex');
    const gatewayId = `gw-e2e-${stamp}`;
    const hardware = [...randomBytes(6)].map((byte) => byte.toString(16).padStart(2, '0'));
    const page = await openPage(browser, '/login');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page, 'owner@demo.vigil.test', 'vigil-demo');
    await waitForPath(page, '/dashboard');

    await visit(page, '/gateways');
    await page.getByRole('button', { name: 'Add gateway' }).click();
    const gatewayForm = page.getByRole('dialog');
    await gatewayForm.getByLabel('Gateway name').fill(`Basement ${stamp}`);
    await gatewayForm.getByRole('textbox', { name: 'Gateway ID' }).fill(gatewayId);
    await gatewayForm.getByRole('button', { name: 'Add gateway' }).click();
    const configuration = page.getByTestId('configuration');
    await configuration.getByText('Copy the secret now').waitFor();
    await screenshot(page, 'gateway-configuration');
    await configuration.getByRole('button', { name: 'Copy command' }).click();
    await configuration.getByRole('button', { name: 'Copied' }).waitFor();
    const snippet = await page.evaluate(() => navigator.clipboard.readText());
    await configuration.getByRole('button', { name: 'Done' }).click();
    await configuration.waitFor({ state: 'hidden' });
    await page.getByRole('cell', { name: gatewayId }).waitFor();

    await visit(page, '/devices');
    await page.getByRole('button', { name: 'Add device' }).click();
    const deviceForm = page.getByTestId('addEditDevice');
    await deviceForm.getByLabel('Device name').fill(`Fridge ${stamp}`);
    await deviceForm
      .getByRole('textbox', { name: 'Device ID' })
      .fill(hardware.join(':').toUpperCase());
    await choose(page, 'Gateway', `Basement ${stamp} (${gatewayId})`);
    await deviceForm.getByRole('button', { name: 'Add a new location' }).click();
    await deviceForm.getByLabel('New location name').fill(`Cold room ${stamp}`);
    await deviceForm.getByRole('button', { name: 'Add location' }).click();
    await page.getByText(`location Cold room ${stamp} added`).waitFor();
    await deviceForm.getByRole('button', { name: 'Add device' }).click();
    await page.getByText(`device Fridge ${stamp} added successfully`).waitFor();
    await deviceForm.waitFor({ state: 'hidden' });
    const row = page.getByRole('row', { name: new RegExp(`Fridge ${stamp}`) });
    await row.getByText('Never seen').waitFor();
    expect(await row.innerText()).toContain(`Cold room ${stamp}`);

    // The gateway, as its firmware would: the copied settings, this device's address.
    const sent = parseSnippet(snippet);
    expect(sent.topic).toBe(`v1/gateways/${gatewayId}/up`);
    const [sample] = sent.message.readings;
    if (!sample) throw new Error('the snippet has no reading');
    const client = await mqtt.connectAsync(sent.broker, {
      protocolVersion: 4,
      username: sent.username,
      password: sent.password,
      clientId: `e2e-${stamp}`,
    });
    const ts = new Date().toISOString();
    const reading = { ...sample, deviceId: hardware.join(':'), ts };
    await client.publishAsync(sent.topic, JSON.stringify({ readings: [reading] }), { qos: 1 });
    await client.endAsync();

    // Acknowledged means stored; the device's state follows in the next follow-up round (up to
    // 2 s apart while ingest is busy), and this list is read as the page loads: load it again
    // until the round has run.
    await expect
      .poll(
        async () => {
          await page.reload();
          await row.waitFor();
          return row.getByText('Online').isVisible();
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe(true);
    expect(await row.innerText()).toContain('4.20 °C · 45.0 %');
    await screenshot(page, 'devices-with-new-reading');
    await logOut(page);
    await page.context().close();
  });
});
