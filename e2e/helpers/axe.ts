import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
let axeSource: Promise<string> | undefined;

type Scheme = 'light' | 'dark';
interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/**
 * Switches the theme as the app itself does on another tab's change: the stored choice and a
 * storage event, which Mantine's colour-scheme manager follows (charts and all re-render).
 */
async function setScheme(page: Page, scheme: Scheme): Promise<void> {
  await page.evaluate((next) => {
    const previous = localStorage.getItem('theme');
    localStorage.setItem('theme', next);
    window.dispatchEvent(
      new StorageEvent('storage', {
        key: 'theme',
        oldValue: previous,
        newValue: next,
        storageArea: localStorage,
      }),
    );
  }, scheme);
  await page.waitForFunction(
    (next) => document.documentElement.getAttribute('data-mantine-color-scheme') === next,
    scheme,
  );
}

/**
 * The page is shown (its route's fade has begun) and its transitions (the fade, a modal
 * opening) have ended: colours are measured as they settle, not half faded in.
 */
async function animationsSettled(page: Page): Promise<void> {
  await page.locator('[data-testid="route-fade"]').first().waitFor();
  await page.evaluate(async () => {
    await new Promise(requestAnimationFrame);
    // A spinner turns for ever: only animations that end are waited for.
    const ending = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
  });
}

async function currentScheme(page: Page): Promise<Scheme> {
  const scheme = await page.evaluate(() =>
    document.documentElement.getAttribute('data-mantine-color-scheme'),
  );
  return scheme === 'dark' ? 'dark' : 'light';
}

/** axe-core on the page as it is now: its serious and critical violations. */
async function violationsOf(page: Page): Promise<Violation[]> {
  axeSource ??= readFile(axePath, 'utf8');
  // Evaluated through the DevTools protocol, which the app's Content-Security-Policy allows.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(await axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<unknown> };
      }
    ).axe;
    // Every rule; only violations are collected in full (axe's documented speed-up).
    const result = (await axe.run(document, { resultTypes: ['violations'] })) as {
      violations: Violation[];
    };
    return result.violations;
  });
  return violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''));
}

const describeViolations = (scheme: Scheme, violations: Violation[]) =>
  violations
    .map(
      (violation) =>
        `[${scheme}] ${violation.id} (${String(violation.impact)}): ${violation.help}\n` +
        violation.nodes
          .slice(0, 5)
          .map((node) => `    ${node.target.join(' ')}: ${node.failureSummary ?? ''}`)
          .join('\n'),
    )
    .join('\n');

/**
 * The violations of the page once settled. Something may start fading in while axe runs (a toast
 * for an alarm that just tripped): its colours are then measured half faded. A page with
 * violations is settled and checked once more; what is still wrong then is reported.
 */
async function settledViolations(page: Page, scheme: Scheme): Promise<string> {
  await animationsSettled(page);
  const first = await violationsOf(page);
  if (first.length === 0) return '';
  await animationsSettled(page);
  return describeViolations(scheme, await violationsOf(page));
}

/**
 * Issue 19: every page a journey visits has no serious or critical axe-core violation, in the
 * light theme and in the dark one. Runs in the theme shown, then the other, and switches back.
 */
export async function expectAccessible(page: Page, where = page.url()): Promise<void> {
  const shown = await currentScheme(page);
  const other: Scheme = shown === 'light' ? 'dark' : 'light';
  const found = [await settledViolations(page, shown)];
  await setScheme(page, other);
  try {
    found.push(await settledViolations(page, other));
  } finally {
    await setScheme(page, shown);
  }
  const report = found.filter(Boolean).join('\n');
  if (report) throw new Error(`accessibility violations on ${where}:\n${report}`);
}
