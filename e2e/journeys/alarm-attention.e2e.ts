import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  escape,
  launchBrowser,
  logOut,
  openPage,
  screenshot,
  signIn,
  waitForPath,
} from '../helpers/browser';

const owner = 'owner@demo.vigil.test';
const password = 'vigil-demo';
/** The demo's drifting fridge (4.8 °C ± 0.7, drifting up): a maximum of 3 °C trips at its next reading. */
const fridge = 'Fridge A2 (reagents)';

/** The signed-in owner's bearer header, from the session the app keeps. */
async function authHeaders(page: Page): Promise<Record<string, string>> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  return { authorization: `Bearer ${token ?? ''}` };
}

/**
 * The journey's own alarm on the fridge, 0-3 °C: its readings (every 10 s, never below 4 °C)
 * break it at once, so it trips at the fridge's next reading — not by waiting for the drift.
 */
async function defineTrippingAlarm(page: Page, name: string): Promise<void> {
  const headers = await authHeaders(page);
  const overview = await page.request.get('/api/device/overview', { headers });
  const { devices } = (
    (await overview.json()) as { data: { devices: { id: string; name: string }[] } }
  ).data;
  const device = devices.find((candidate) => candidate.name === fridge);
  if (!device) throw new Error(`no ${fridge} in the demo`);
  const created = await page.request.post('/api/alarms/setAlarm', {
    headers,
    data: {
      name,
      deviceId: device.id,
      tempEnabled: true,
      minTemp: 0,
      maxTemp: 3,
      adminEnable: true,
      users: [],
    },
  });
  expect(created.status()).toBe(201);
}

const unacknowledged = async (page: Page) =>
  Number(await page.getByTestId('alarm-count-unacknowledged').innerText());

describe('an alarm impossible to miss, acknowledged in one step', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('reaches the owner on /reports: count, toast and sound; acknowledged from the toast’s device; shown on the events page', async () => {
    const page = await openPage(browser, '/login');
    await signIn(page, owner, password);
    // Within the app (a click, not a new page load), so the page may start the sound.
    await page.getByRole('link', { name: 'Reports', exact: true }).click();
    await waitForPath(page, '/reports');
    const indicator = page.getByTestId('alarm-indicator');
    await indicator.waitFor();
    // The sound on (the mute is the person's, kept on the server: another journey may have left it).
    const speaker = page.getByTestId('alarm-sound-toggle');
    if ((await speaker.getAttribute('aria-pressed')) === 'false') await speaker.click();
    await page.locator('[data-testid="alarm-sound-toggle"][aria-pressed="true"]').waitFor();
    const before = await unacknowledged(page);

    const name = `Reagents warm ${randomBytes(2).toString('hex')}`;
    await defineTrippingAlarm(page, name);

    // The fridge's next reading trips it: the toast, the count and the sound, on /reports.
    const toast = page.getByTestId('alarm-toast').filter({ hasText: name });
    await toast.waitFor({ timeout: 60_000 });
    expect(await toast.innerText()).toContain(fridge);
    expect(await toast.innerText()).toMatch(/Value: \d+(\.\d+)? °C/);
    expect(await toast.innerText()).toContain('Limits: 0 °C – 3 °C');
    await page.getByText('Alert!').first().waitFor();
    await page.waitForFunction(
      (floor) =>
        Number(document.querySelector('[data-testid="alarm-count-unacknowledged"]')?.textContent) >
        floor,
      before,
    );
    expect(await indicator.getAttribute('data-active')).not.toBe('0');
    await page.waitForFunction(() => {
      const audio = document.querySelector<HTMLAudioElement>('[data-testid="alarm-sound"]');
      return audio !== null && !audio.paused;
    });
    expect(page.url()).toMatch(/\/reports$/);
    await screenshot(page, 'alarm-attention-toast');

    // One step from the toast: its device, the alarm listed there with Acknowledge.
    await toast.getByRole('button', { name: 'Open device' }).click();
    await waitForPath(page, '/dashboard');
    const deviceAlarms = page.getByRole('region', { name: 'Alarms of this device' });
    const row = deviceAlarms.locator('[data-testid^="alarm-row-"]').filter({ hasText: name });
    await row.waitFor({ timeout: 30_000 });
    const raised = await unacknowledged(page);
    await row.getByRole('button', { name: new RegExp(`^Acknowledge ${escape(name)}`) }).click();
    const dialog = page.getByRole('dialog', { name: `Acknowledge: ${name}` });
    await dialog.getByRole('textbox', { name: /^Comment/ }).fill('Moved the reagents to Fridge A1');
    await dialog.getByLabel(/^Your password/).fill(password);
    await dialog.getByRole('button', { name: 'Acknowledge' }).click();
    await page.getByRole('alert').filter({ hasText: 'Alarm acknowledged' }).first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await page.waitForFunction(
      (ceiling) =>
        Number(document.querySelector('[data-testid="alarm-count-unacknowledged"]')?.textContent) <
        ceiling,
      raised,
    );
    await screenshot(page, 'alarm-attention-acknowledged');

    // The events page shows who signed it, when, and what the signature means.
    await page.getByRole('link', { name: 'Alarm events', exact: true }).click();
    await waitForPath(page, '/alarmEvents');
    const listed = page.locator('[data-testid^="alarm-event-"]').filter({ hasText: name });
    await listed.waitFor();
    const text = await listed.innerText();
    expect(text).toMatch(/\backnowledged\b/i);
    expect(text).toContain('Olivia Owner');
    expect(text).toContain('Reviewed and acted on');
    expect(text).toMatch(/\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}/);
    await screenshot(page, 'alarm-attention-events');

    await logOut(page);
    await page.context().close();
  });
});
