import { waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import dayjs from 'dayjs';
import { expect } from 'vitest';

const pad = (n: number) => String(n).padStart(2, '0');

const openCalendar = () => document.querySelector<HTMLElement>('[data-dates-dropdown="true"]');

/** The open calendar (one at a time). */
async function calendarDropdown(): Promise<HTMLElement> {
  return waitFor(() => {
    const dropdown = openCalendar();
    if (!dropdown) throw new Error('no calendar is open');
    return dropdown;
  });
}

/**
 * Picks `date` (to the minute) in the app's date-time picker (components/date-time-field) as a
 * person does: opens it, steps the calendar to the month, clicks the day, types the time and
 * applies it. The interface is in English (day buttons named "25 November 2026").
 */
export async function pickDateTime(user: UserEvent, field: HTMLElement, date: Date) {
  await user.click(field);
  const dropdown = await calendarDropdown();
  const calendar = within(dropdown);
  const dayName = dayjs(date).format('D MMMM YYYY');
  for (let step = 0; step < 36; step += 1) {
    const day = calendar.queryByLabelText(dayName);
    if (day && !day.hasAttribute('data-outside')) {
      await user.click(day);
      break;
    }
    const shown = calendar
      .getAllByRole('button')
      .find((button) => button.getAttribute('aria-label')?.match(/^\d+ \w+ \d{4}$/))
      ?.getAttribute('aria-label');
    const earlier = shown !== undefined && shown !== null && new Date(shown) > date;
    await user.click(
      calendar.getByRole('button', { name: earlier ? 'Previous month' : 'Next month' }),
    );
  }
  const hours = calendar.getByRole('spinbutton', { name: 'Hours' });
  await user.clear(hours);
  await user.type(hours, pad(date.getHours()));
  const minutes = calendar.getByRole('spinbutton', { name: 'Minutes' });
  await user.clear(minutes);
  await user.type(minutes, pad(date.getMinutes()));
  await user.click(calendar.getByRole('button', { name: 'Apply the date and time' }));
  await waitFor(() => {
    expect(openCalendar()).toBeNull();
  });
}

/** Empties a picker through its clear button. */
export async function clearDateTime(user: UserEvent, field: HTMLElement) {
  const clear = [...(field.parentElement?.querySelectorAll('button') ?? [])].find(
    (button) => button !== field,
  );
  if (!clear) throw new Error('the picker has no clear button');
  await user.click(clear);
}
