import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../lib/i18n';
import { pickDateTime } from '../test/pick-date-time';
import { renderWithProviders } from '../test/render';
import { DateTimeField } from './date-time-field';

function Probe() {
  const [value, setValue] = useState<string | null>(null);
  return (
    <>
      <DateTimeField label="Start date" value={value} onChange={setValue} />
      <span data-testid="value">{value}</span>
    </>
  );
}

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

describe('the date-time picker', () => {
  it('is Mantine’s calendar, not the browser’s, and shows the date like the tables', async () => {
    renderWithProviders(<Probe />);
    const field = screen.getByLabelText('Start date');
    expect(field.tagName).toBe('BUTTON');
    await pickDateTime(userEvent.setup(), field, new Date(2026, 6, 3, 10, 15));
    expect(screen.getByTestId('value')).toHaveTextContent('2026-07-03 10:15:00');
    expect(field).toHaveTextContent('03/07/2026 10:15');
  });

  it('speaks the interface language: Polish month and day names, Monday first', async () => {
    await act(() => i18n.changeLanguage('pl'));
    renderWithProviders(<Probe />);
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Start date'));
    const calendar = within(await screen.findByRole('dialog'));
    expect(calendar.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Pn',
      'Wt',
      'Śr',
      'Cz',
      'Pt',
      'So',
      'Nd',
    ]);
    expect(calendar.getByRole('button', { name: 'Poprzedni miesiąc' })).toBeInTheDocument();
    expect(calendar.getByRole('spinbutton', { name: 'Godziny' })).toBeInTheDocument();
  });
});
