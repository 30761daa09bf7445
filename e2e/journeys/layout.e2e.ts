import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot, signIn, visit } from '../helpers/browser';

const owner = { email: 'owner@demo.vigil.test', password: 'vigil-demo' };
const admin = { email: 'admin@vigil.test', password: 'vigil-demo' };
const viewports = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;
const languages = ['pl', 'de'] as const;

/** What a cut text is: where it sits, what it says, and by how much it overflows. */
interface CutText {
  where: string;
  text: string;
  scrollWidth: number;
  clientWidth: number;
}

/**
 * Every visible text inside `selector` whose box is narrower than its content (its element's
 * scrollWidth larger than its clientWidth): an ellipsis, a clipped badge, a button label cut
 * short. Inline elements have no width of their own, so a text is measured in its nearest block.
 */
function cutTexts(page: Page, selector: string): Promise<CutText[]> {
  return page.evaluate((rootSelector) => {
    const isShown = (element: Element) =>
      element.getClientRects().length > 0 &&
      getComputedStyle(element).visibility !== 'hidden' &&
      !element.closest('[aria-hidden="true"], .mantine-VisuallyHidden-root');
    const blockOf = (element: Element): Element => {
      // inline-block, -flex and -grid boxes have a width of their own; plain inline ones do not.
      let current = element;
      while (getComputedStyle(current).display === 'inline' && current.parentElement) {
        current = current.parentElement;
      }
      return current;
    };
    const found = new Map<Element, CutText>();
    for (const root of Array.from(document.querySelectorAll(rootSelector))) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = (node.textContent ?? '').trim();
        const parent = node.parentElement;
        if (!text || !parent || !isShown(parent)) continue;
        const block = blockOf(parent);
        // A scrolling box (a table's frame) scrolls its content: that is not a cut.
        const overflow = getComputedStyle(block).overflowX;
        if (overflow === 'auto' || overflow === 'scroll') continue;
        if (block.scrollWidth > block.clientWidth + 1 && !found.has(block)) {
          const id = block.id ? `#${block.id}` : '';
          const testId = block.closest('[data-testid]')?.getAttribute('data-testid') ?? '';
          found.set(block, {
            where: `${testId} ${block.tagName.toLowerCase()}${id}.${Array.from(block.classList).slice(0, 2).join('.')}`,
            text: block.textContent.trim().slice(0, 80),
            scrollWidth: block.scrollWidth,
            clientWidth: block.clientWidth,
          });
        }
      }
    }
    return [...found.values()];
  }, selector);
}

async function expectNothingCut(page: Page, selector: string, where: string) {
  await page.locator(selector).first().waitFor();
  expect(await cutTexts(page, selector), where).toEqual([]);
}

/**
 * A page signed in as `user` at `viewport`, in `language` (the menu's choice, kept locally, so it
 * applies from the next load on), showing `path`.
 */
async function signedIn(
  user: { email: string; password: string },
  language: string,
  viewport: { width: number; height: number },
  path: string,
): Promise<Page> {
  const page = await openPage(browser, '/login', {
    width: viewport.width,
    height: viewport.height,
  });
  await signIn(page, user.email, user.password);
  await page.evaluate((code) => {
    localStorage.setItem('language', code);
  }, language);
  await visit(page, path);
  return page;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe.each(languages)('in %s, nothing is cut', (language) => {
  it.each(viewports)(
    'at $width×$height: dashboard cards, devices, gateways and alarms',
    async (viewport) => {
      const page = await signedIn(owner, language, viewport, '/dashboard');
      const where = `${language} ${viewport.name}`;

      await page.locator('.uplot').first().waitFor();
      await page.locator('[data-testid^="device-row-"]').first().waitFor();
      await expectNothingCut(page, '[data-testid^="card-"]', `${where} dashboard`);
      await expectNothingCut(page, 'nav', `${where} navigation`);
      await screenshot(page, `layout-dashboard-${language}-${viewport.name}`);

      for (const [path, table] of [
        ['/devices', '[data-testid="devices-table"]'],
        ['/gateways', '[data-testid="gateways-table"]'],
        ['/alarms', 'main table, main [data-testid$="-empty"], main p'],
      ] as const) {
        await visit(page, path);
        await expectNothingCut(page, table, `${where} ${path}`);
      }
      await page.context().close();
    },
  );
});

describe.each(languages)('in %s, the platform administrator', (language) => {
  // Their navigation holds the longest labels (German "Benachrichtigungsstatistik").
  it('sees every navigation label whole', async () => {
    const page = await signedIn(admin, language, viewports[0], '/users');
    await expectNothingCut(page, 'nav', `${language} administrator navigation`);
    await screenshot(page, `layout-admin-navigation-${language}`);
    await page.context().close();
  });
});

describe('the phone navigation drawer', () => {
  it('closes with Escape and with a tap beside it', async () => {
    const page = await openPage(browser, '/login', { width: 390, height: 844 });
    await signIn(page, owner.email, owner.password);
    // A closed drawer is moved off screen, so the burger's name says whether it is open.
    const open = page.getByRole('button', { name: 'Open navigation' });
    const close = page.getByRole('button', { name: 'Close navigation' });

    await open.click();
    await close.waitFor();
    await page.keyboard.press('Escape');
    await open.waitFor();

    await open.click();
    await close.waitFor();
    // Beside the drawer (240 px wide), on the backdrop over the page.
    await page.getByTestId('nav-backdrop').click({ position: { x: 360, y: 600 } });
    await open.waitFor();
    await expect(page.getByTestId('nav-backdrop').count()).resolves.toBe(0);
    await page.context().close();
  });
});
