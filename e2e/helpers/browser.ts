import { mkdir, readdir, readFile, watch } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { expectAccessible } from './axe';

export const screenshotDir = new URL('../screenshots/', import.meta.url).pathname;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A fresh browser context (own storage) on the app, at `path`. */
export async function openPage(
  browser: Browser,
  path = '/',
  viewport = { width: 1280, height: 800 },
): Promise<Page> {
  const context = await browser.newContext({ viewport, baseURL: inject('baseUrl') });
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

/**
 * Signs in on the login page that `page` shows, and waits for the signed-in shell: the login
 * page stays on screen (under the new URL) until the shell's code has loaded.
 */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await expectAccessible(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByTestId('user-identity').getByText(email).waitFor({ state: 'attached' });
  await expectAccessible(page);
}

/**
 * Opens a page of the app and checks it with axe-core in both themes (issue 19): journeys go
 * from page to page with this, so that every page they visit is checked.
 */
export async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('#main, main, form').first().waitFor();
  await expectAccessible(page, path);
}

/** Waits for the page at `path`, whatever its query (the dashboard adds the selected device). */
export async function waitForPath(page: Page, path: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === path);
  await expectAccessible(page, path);
}

/** Logs out through the top bar and its confirmation, back on the login page. */
export async function logOut(page: Page): Promise<void> {
  await page.getByTestId('logout').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL('**/login');
}

/** Kept as CI artefacts under e2e/screenshots/; each state shot is also checked with axe-core. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await expectAccessible(page, name);
  await mkdir(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true });
}

/**
 * The first mail to `to` in the server's outbox whose text matches `pattern`, waiting for
 * the worker to write it (on the directory's change events, not a timer).
 */
export async function waitForMail(to: string, pattern: RegExp): Promise<string> {
  const dir = join(inject('dataDir'), 'outbox');
  await mkdir(dir, { recursive: true });
  const safeTo = to.toLowerCase().replace(/[^a-z0-9@._-]/gi, '_');
  const find = async () => {
    for (const file of (await readdir(dir))
      .filter((name) => name.endsWith(`-${safeTo}.eml`))
      .sort()) {
      const text = (await readFile(join(dir, file), 'utf8'))
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=');
      if (pattern.test(text)) return text;
    }
    return undefined;
  };
  // fs.promises.watch starts watching, and takes the next change, only when asked for one: a
  // change is always asked for before the outbox is read, so that a mail written while it is
  // read still wakes this up (reading first lost such a mail and waited for ever).
  const stop = new AbortController();
  const changes = watch(dir, { signal: stop.signal })[Symbol.asyncIterator]();
  const nextChange = () => {
    const change = changes.next();
    change.catch(() => undefined); // rejected by the abort below once the mail is found
    return change;
  };
  try {
    for (let change = nextChange(); ; change = nextChange()) {
      const mail = await find();
      if (mail !== undefined) return mail;
      if ((await change).done) throw new Error('outbox watcher ended');
    }
  } finally {
    stop.abort();
  }
}

export function linkFrom(mail: string, path: string): string {
  const match = new RegExp(`https?://[^\\s"<>]*(${path}/[A-Za-z0-9_-]+)`).exec(mail);
  if (!match?.[1]) throw new Error(`no ${path} link in the mail`);
  return match[1];
}

/** `text` matched literally inside a RegExp. */
export function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A location's or device's row in the dashboard's "Locations and devices" card: its name, then
 * what a reader hears after it (", devices: 5", ", Online").
 */
export function listRow(card: Locator, name: string): Locator {
  return card.getByRole('button', { name: new RegExp(`^${escape(name)}\\s*,`) });
}

/** Selects a row unless it is selected already (sign-in may have chosen it; a click unselects). */
export async function selectRow(card: Locator, name: string): Promise<void> {
  const row = listRow(card, name);
  if ((await row.getAttribute('aria-pressed')) !== 'true') await row.click();
}

/**
 * An error or success toast with `message` (spec monitoring 8), then closed: toasts sit over
 * forms' buttons at the bottom right.
 */
export async function expectToast(page: Page, message: string | RegExp): Promise<void> {
  const toast = page.getByRole('alert').filter({ hasText: message }).first();
  await toast.waitFor({ timeout: 60_000 });
  // A success toast closes itself after 4 s, maybe before the click lands: then it is gone anyway.
  await toast
    .getByRole('button')
    .click({ timeout: 5_000 })
    .catch(() => undefined);
  await toast.waitFor({ state: 'detached' });
}
