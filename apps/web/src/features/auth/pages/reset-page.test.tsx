import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, fail, ok } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import ResetPage from './reset-page';

const token = 'a'.repeat(32);
const route = '/auth/forgot/:token';
const path = `/auth/forgot/${token}`;
const apiPath = `/api${path}`;

describe('reset password', () => {
  it('shows an error state with a way to ask for a new link when the token is invalid', async () => {
    const api = fakeApi({
      [`GET ${apiPath}`]: fail(404, 'this link is invalid or has expired', 'tokenInvalid'),
    });
    renderWithProviders(<ResetPage />, { path, route });
    expect(await screen.findByText("This link can't be used")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/forgot',
    );
    expect(screen.queryByLabelText(/new password/i)).toBeNull();
    expect(api.calls(`GET ${apiPath}`)).toHaveLength(1);
  });

  it('words an invitation as choosing a password, and checks length and match', async () => {
    const api = fakeApi({
      [`GET ${apiPath}`]: ok({ email: 'new@lab.test', purpose: 'invite' }),
      [`POST ${apiPath}`]: ok({ message: 'Password reset successfully' }),
    });
    const user = userEvent.setup();
    renderWithProviders(<ResetPage />, { path, route });
    expect(
      await screen.findByRole('heading', { name: 'Choose your password' }),
    ).toBeInTheDocument();
    const password = screen.getByLabelText(/^new password/i, { selector: 'input' });
    const confirm = screen.getByLabelText(/^confirm new password/i, { selector: 'input' });
    await user.type(password, 'abc');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('password must be at least 10 characters')).toBeInTheDocument();
    await user.type(password, 'def-ghi-jkl');
    await user.type(confirm, 'abcdef-ghi-jkX');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('passwords must match')).toBeInTheDocument();
    await user.clear(confirm);
    await user.type(confirm, 'abcdef-ghi-jkl');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('Password reset successfully')).toBeInTheDocument();
    expect(api.calls(`POST ${apiPath}`)[0]?.body).toEqual({ password: 'abcdef-ghi-jkl' });
  });
});
