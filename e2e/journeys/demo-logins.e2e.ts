import type { Browser } from 'playwright-core';
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

const demoPassword = 'vigil-demo';

describe('demo logins', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it.each([
    ['admin@vigil.test', '/users', 'Platform administrator'],
    ['owner@demo.vigil.test', '/dashboard', 'Account owner'],
    ['viewer@demo.vigil.test', '/dashboard', 'User'],
  ])('%s lands on %s', async (email, landing, roleLabel) => {
    const page = await openPage(browser, '/login');
    await signIn(page, email, demoPassword);
    await waitForPath(page, landing);
    const identity = page.getByTestId('user-identity');
    await identity.getByText(email).waitFor();
    expect(await identity.innerText()).toContain(roleLabel);
    // An unknown path redirects to the role's landing page.
    await visit(page, '/no-such-page');
    await waitForPath(page, landing);
    await screenshot(page, `landing-${email.split('@')[0] ?? email}`);
    await logOut(page);
    await page.context().close();
  });

  it('switches language and theme, and changes the temperature unit as the owner', async () => {
    const page = await openPage(browser, '/login');
    await signIn(page, 'owner@demo.vigil.test', demoPassword);
    await waitForPath(page, '/dashboard');

    await page.getByTestId('language-menu').click();
    await page.getByTestId('language-de').click();
    await page.getByRole('link', { name: 'Übersicht' }).first().waitFor();
    await page.getByTestId('language-menu').click();
    await page.getByTestId('language-pl').click();
    await page.getByTestId('language-menu').filter({ hasText: 'PL' }).waitFor();
    await page.getByTestId('language-menu').click();
    await page.getByTestId('language-en').click();
    await page.getByRole('link', { name: 'Dashboard' }).first().waitFor();

    const scheme = (value: string) =>
      page.waitForFunction(
        (expected) => document.documentElement.dataset.mantineColorScheme === expected,
        value,
      );
    await scheme('light');
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await scheme('dark');
    await screenshot(page, 'dashboard-dark');
    await page.reload();
    await scheme('dark');
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await scheme('light');

    await page.getByTestId('open-settings').click();
    const settings = page.getByRole('dialog');
    // The spec's words 'Celsius' and 'Fahrenheit', the symbol beside them.
    await settings.getByRole('radio', { name: 'Fahrenheit' }).check();
    await settings.getByRole('button', { name: 'Change temperature' }).click();
    await page.getByText('Temperature changed to Fahrenheit').waitFor();
    await screenshot(page, 'settings-temperature');
    await settings.getByRole('radio', { name: 'Celsius' }).check();
    await settings.getByRole('button', { name: 'Change temperature' }).click();
    await page.getByText('Temperature changed to Celsius').waitFor();
    await page.keyboard.press('Escape');
    await logOut(page);
    await page.context().close();
  });
});
