import type { Browser, Locator, Page } from 'playwright-core';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  openPage,
  screenshot,
  signIn,
  visit,
  waitForPath,
} from '../helpers/browser';

async function choose(scope: Locator, page: Page, label: RegExp, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

describe('the platform administrator’s notifications', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('adds a template, links it to an owner, reads the log and sets an SMS limit', async () => {
    const page = await openPage(browser, '/login');
    // A lab of its own: the template and the SMS limit leave the demo owner's mails as they are.
    const stamp = randomBytes(3).toString('hex');
    const lab = { name: `Nora Notify ${stamp}`, companyName: `Notify Lab ${stamp}` };
    const signup = await page.request.post('/api/auth/signup', {
      data: {
        ...lab,
        email: `nora-${stamp}@e2e.vigil.test`,
        password: 'cold-chain-42',
        countryCode: '+44',
        phoneNumber: '7700900789',
      },
    });
    expect(signup.status()).toBe(201);
    await signIn(page, 'admin@vigil.test', 'vigil-demo');
    await waitForPath(page, '/users');

    await visit(page, '/UserMessageTemplates');
    await page.getByRole('cell', { name: /^Default email \(en\)/ }).waitFor();
    await page.getByRole('button', { name: 'Add template' }).click();
    const add = page.getByRole('dialog', { name: 'Add message template' });
    await add.getByRole('button', { name: 'Save template' }).click();
    await add.getByText('please enter a title').waitFor();
    await add.getByRole('textbox', { name: /^Title/ }).fill('Short fridge email');
    await add
      .getByRole('textbox', { name: /^Template/ })
      .fill('{{event}}: {{deviceName}} in {{locationName}} reads {{incomingValue}}');
    await add.getByRole('button', { name: 'Save template' }).click();
    await page.getByRole('cell', { name: 'Short fridge email', exact: true }).waitFor();
    await screenshot(page, 'message-templates');

    await visit(page, '/users');
    await page.getByRole('searchbox', { name: 'Search users' }).fill(stamp);
    await page.getByRole('button', { name: `Link a message template to ${lab.name}` }).click();
    const link = page.getByRole('dialog', { name: `Message template of ${lab.name}` });
    await link.getByRole('button', { name: 'Link template' }).click();
    await link.getByText('please choose a type').waitFor();
    await choose(link, page, /^Type/, 'Temperature');
    await choose(link, page, /^Method/, 'Email');
    await choose(link, page, /^Template/, 'Short fridge email');
    await link.getByRole('button', { name: 'Link template' }).click();
    await page.getByText('Message template linked').waitFor();

    await visit(page, '/UserNotifications');
    await page
      .getByRole('radiogroup')
      .locator('label', { hasText: /^Email$/ })
      .click();
    await page.getByRole('button', { name: 'Search' }).click();
    await page
      .getByText(/^Data Count: \d+$|^No data found$/)
      .first()
      .waitFor();
    await screenshot(page, 'user-notifications');

    await visit(page, '/UserNotificationStatistics');
    await page.getByRole('button', { name: 'Add SMS limit' }).click();
    const limit = page.getByRole('dialog', { name: 'SMS limit' });
    await limit.getByRole('button', { name: 'Save limit' }).click();
    await limit.getByText('please choose account').waitFor();
    await choose(limit, page, /^Account/, `${lab.companyName} (now 100 a day)`);
    await limit.getByRole('textbox', { name: /^SMS per day/ }).fill('40');
    await limit.getByRole('button', { name: 'Save limit' }).click();
    await page.getByText('SMS limit saved').waitFor();

    // The narrow screen of a phone.
    await page.setViewportSize({ width: 480, height: 900 });
    await visit(page, '/UserNotifications');
    await page.getByRole('button', { name: 'Search' }).waitFor();
    await screenshot(page, 'user-notifications-480');
  });
});
