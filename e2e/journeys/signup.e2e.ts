import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  linkFrom,
  logOut,
  openPage,
  screenshot,
  signIn,
  visit,
  waitForMail,
  waitForPath,
} from '../helpers/browser';

describe('a new lab signs up', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('signs up, confirms from the mail, signs in, adds a sub-user and logs out', async () => {
    const stamp = Date.now().toString(36);
    const email = `owner-${stamp}@e2e.vigil.test`;
    const password = 'cold-chain-42';
    const page = await openPage(browser, '/admin/signup');

    await page.getByLabel('Full name').fill('Ada Owner');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel(/^Password/).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByLabel('Company name').fill(`E2E Lab ${stamp}`);
    await page.getByLabel('Phone number').fill('7700900123');
    const submit = page.getByRole('button', { name: 'Create account' });
    expect(await submit.isDisabled()).toBe(true);
    await page.getByRole('checkbox').check();
    await screenshot(page, 'signup');
    await submit.click();
    await page.getByText('signed up successfully').waitFor();

    const mail = await waitForMail(email, /auth\/confirm\//);
    await page.goto(linkFrom(mail, '/auth/confirm'));
    await page.getByText('Email confirmed').waitFor();
    await page.getByRole('link', { name: 'Go to sign in' }).click();

    await signIn(page, email, password);
    await waitForPath(page, '/dashboard');

    await visit(page, '/users');
    await page.getByRole('button', { name: 'Add user' }).click();
    const modal = page.getByRole('dialog');
    const subUser = `tech-${stamp}@e2e.vigil.test`;
    await modal.getByLabel('Name').fill('Tom Technician');
    await modal.getByLabel('Email').fill(subUser);
    await modal.getByLabel('Phone number').fill('7700900456');
    await modal.getByRole('button', { name: 'Add user' }).click();
    await page.getByText('user added successfully').waitFor();
    await modal.waitFor({ state: 'hidden' });
    await page.getByRole('cell', { name: subUser }).waitFor();
    await waitForMail(subUser, /invited/);
    await screenshot(page, 'users-with-sub-user');

    await logOut(page);
    await page.context().close();
  });
});
