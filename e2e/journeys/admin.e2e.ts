import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  logOut,
  openPage,
  screenshot,
  screenshotDir,
  signIn,
  visit,
  waitForPath,
} from '../helpers/browser';

/**
 * The text a PDF shows, as pdf.js reads it: the exported PDFs embed their fonts (DejaVu, for
 * the Polish letters), so their strings are glyph ids, not Latin-1 text.
 */
async function pdfText(pdf: Buffer): Promise<string> {
  const document = await getDocument({
    data: new Uint8Array(pdf),
    useSystemFonts: false,
    isEvalSupported: false,
  }).promise;
  const lines: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent();
    let line = '';
    for (const item of content.items) {
      if (!('str' in item)) continue;
      line += item.str;
      if (item.hasEOL) {
        lines.push(line);
        line = '';
      }
    }
    if (line) lines.push(line);
  }
  await document.destroy();
  return lines.join('\n');
}

describe('the platform administrator and the compliance officer', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('opens the accounts, an account’s gateways and a demo gateway’s logs', async () => {
    const page = await openPage(browser, '/login');
    await signIn(page, 'admin@vigil.test', 'vigil-demo');
    await waitForPath(page, '/users');

    await visit(page, '/accounts');
    const demo = page.getByRole('row', { name: /Demo Laboratory/ });
    await demo.waitFor();
    await expect(demo.getByRole('cell', { name: 'owner@demo.vigil.test' }).count()).resolves.toBe(
      1,
    );
    await demo.getByRole('button', { name: 'Gateways of Demo Laboratory' }).click();
    const gateways = page.getByRole('dialog', { name: 'Gateways of Demo Laboratory' });
    await gateways.getByRole('cell', { name: 'vigil-demo-gw-01' }).waitFor();
    await gateways.getByRole('cell', { name: 'vigil-demo-gw-02' }).waitFor();
    await gateways.getByRole('row', { name: /Gateway North/ }).waitFor();
    await screenshot(page, 'accounts-associated-gateways');
    await page.keyboard.press('Escape');
    await gateways.waitFor({ state: 'hidden' });

    await visit(page, '/gatewaylogs');
    await page.getByRole('heading', { name: 'GatewayLogs' }).waitFor();
    await page.getByPlaceholder('search by GatewayId').fill('vigil-demo-gw-01');
    const table = page.getByTestId('gateway-logs-table');
    // The simulator's gateway connected when the demo started: the platform logged it.
    await table
      .getByRole('row', { name: /vigil-demo-gw-01\s*connected/ })
      .first()
      .waitFor();
    // Once the search has answered, no other gateway's line is left.
    await table
      .getByRole('cell', { name: 'vigil-demo-gw-02' })
      .first()
      .waitFor({ state: 'detached' });
    await page.getByText(/^Showing 1 to \d+ of all results$/).waitFor();
    await screenshot(page, 'gateway-logs');
    await logOut(page);
    await page.close();
  });

  it('exports the audit trail as a PDF through its task and reads it', async () => {
    const page = await openPage(browser, '/login');
    await signIn(page, 'owner@demo.vigil.test', 'vigil-demo');
    await waitForPath(page, '/dashboard');
    await visit(page, '/AuditTrail');
    await page.getByTestId('audit-table').waitFor();
    await page.getByRole('combobox', { name: 'Event' }).click();
    await page.getByRole('option', { name: 'Sign-in', exact: true }).click();
    await page.getByRole('button', { name: 'Search' }).click();
    await page
      .getByTestId('audit-table')
      .getByText('owner@demo.vigil.test signed in')
      .first()
      .waitFor();

    // The new tab asks for the file (served as an attachment, it turns into a download).
    const fileRequested = page
      .context()
      .waitForEvent('request', (request) => request.url().includes('/api/files/exports/'));
    const popup = page.context().waitForEvent('page');
    await page.getByRole('button', { name: 'Download PDF' }).click();
    const status = page.getByTestId('audit-export-status');
    await status.getByText(/^(Queued|Running|Completed) — \d+%$/).waitFor();
    // Polled every 5 s; on completion the result opens in a new tab.
    await status.getByText('Completed — 100%').waitFor({ timeout: 30_000 });
    await popup;
    const request = await fileRequested;
    expect(request.frame().page()).not.toBe(page);
    await screenshot(page, 'audit-trail-export');

    const href = await status.getByRole('link', { name: 'Open the PDF' }).getAttribute('href');
    const response = await page.request.get(href ?? '');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    const pdf = await response.body();
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await mkdir(screenshotDir, { recursive: true });
    await writeFile(join(screenshotDir, 'audit-trail.pdf'), pdf);
    const text = await pdfText(pdf);
    expect(text).toContain('Audit trail export');
    expect(text).toContain('Account: Demo Laboratory');
    expect(text).toContain('Filter: event auth; action any; search none');
    expect(text).toMatch(/Time zone: \S+/);
    expect(text).toMatch(/Exported by: .*owner@demo\.vigil\.test/);
    expect(text).toMatch(/Hash chain verification: intact/);
    expect(text).toContain('owner@demo.vigil.test signed in');
    await page.close();
  });
});
