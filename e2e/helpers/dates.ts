import type { Locator, Page } from 'playwright-core';

/**
 * Picks `day` of the month the app's date-time picker shows, at 10:00, as a person does: opens
 * the calendar, clicks the day, types the time and applies it (English interface).
 */
export async function pickDateTime(page: Page, field: Locator, day: number): Promise<void> {
  await field.click();
  const calendar = page.locator('[data-dates-dropdown="true"]');
  await calendar.waitFor();
  await calendar
    .locator('button:not([data-outside])')
    .getByText(String(day), { exact: true })
    .first()
    .click();
  await calendar.getByRole('spinbutton', { name: 'Hours' }).fill('10');
  await calendar.getByRole('spinbutton', { name: 'Minutes' }).fill('00');
  await calendar.getByRole('button', { name: 'Apply the date and time' }).click();
  await calendar.waitFor({ state: 'detached' });
}
