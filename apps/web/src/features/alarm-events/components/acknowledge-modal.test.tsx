import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, fakeApi, ok } from '../../../test/fake-api';
import { signInAs } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { eventId } from '../test/events-fixtures';
import { AcknowledgeButton } from './acknowledge-button';

const alarm = {
  eventId,
  name: 'Fridge too warm',
  deviceName: 'Fridge 1',
  detail: 'Temperature: 10.5 °C · 2 °C – 8 °C',
};

describe('acknowledging in one step (an electronic signature)', () => {
  it('opens from the row, says each missing field next to it, a wrong password too, then signs with its meaning', async () => {
    signInAs('super_user');
    let attempts = 0;
    const api = fakeApi({
      [`POST /api/alarms/events/${eventId}/acknowledge`]: () => {
        attempts += 1;
        return attempts === 1
          ? fail(403, "password didn't match", 'unlockMismatch', 'password')
          : ok({
              id: eventId,
              state: 'acknowledged',
              acknowledgedAt: '2026-11-24T10:10:00.000Z',
              acknowledgedBy: 'Olivia Owner',
              meaning: 'under_investigation',
              comment: {
                id: '00000000-0000-4000-8000-000000000702',
                comment: 'Moved the samples',
                author: 'Olivia Owner',
                isAcknowledgement: true,
                createdAt: '2026-11-24T10:10:00.000Z',
              },
            });
      },
    });
    renderWithProviders(<AcknowledgeButton alarm={alarm} />);
    const user = userEvent.setup();
    await user.click(
      screen.getByRole('button', { name: 'Acknowledge Fridge too warm on Fridge 1' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Acknowledge: Fridge too warm' });
    expect(within(dialog).getByText(alarm.detail)).toBeInTheDocument();
    // The meaning is chosen already ("Reviewed and acted on"); comment and password are not.
    expect(
      within(dialog).getByRole('combobox', { name: /^Meaning of your signature/ }),
    ).toHaveValue('Reviewed and acted on');
    await user.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    expect(within(dialog).getByText('please enter a comment')).toBeInTheDocument();
    expect(within(dialog).getByText('password is required')).toBeInTheDocument();
    expect(api.calls(`POST /api/alarms/events/${eventId}/acknowledge`)).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: /^Comment/ }), 'Moved the samples');
    await user.click(within(dialog).getByRole('combobox', { name: /^Meaning of your signature/ }));
    await user.click(await screen.findByRole('option', { name: 'Under investigation' }));
    await user.type(within(dialog).getByLabelText(/^Your password/), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    expect(await within(dialog).findByText("password didn't match")).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/^Your password/));
    await user.type(within(dialog).getByLabelText(/^Your password/), 'vigil-demo');
    await user.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    expect(await screen.findByText('Alarm acknowledged')).toBeInTheDocument();
    expect(api.calls(`POST /api/alarms/events/${eventId}/acknowledge`).at(-1)?.body).toEqual({
      comment: 'Moved the samples',
      password: 'vigil-demo',
      meaning: 'under_investigation',
    });
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
  });
});
