import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import SignupPage from './signup-page';

const field = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' });

describe('sign-up', () => {
  it('enables submit only once consent is ticked', async () => {
    fakeApi({});
    const user = userEvent.setup();
    renderWithProviders(<SignupPage />);
    const submit = screen.getByRole('button', { name: 'Create account' });
    expect(submit).toBeDisabled();
    await user.click(screen.getByRole('checkbox'));
    expect(submit).toBeEnabled();
    await user.click(screen.getByRole('checkbox'));
    expect(submit).toBeDisabled();
  });

  it('checks the fields with the server’s messages and sends the split phone number', async () => {
    const api = fakeApi({
      'POST /api/auth/signup': {
        status: 201,
        body: { data: { message: 'signed up successfully' } },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<SignupPage />, { path: '/admin/signup' });
    await user.click(screen.getByRole('checkbox'));
    await user.type(field(/^password/i), 'cobol-compiler-1959');
    await user.type(field(/^confirm password/i), 'cobol-compiler-1960');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('passwords must match')).toBeInTheDocument();
    expect(screen.getByText('name is required')).toBeInTheDocument();
    expect(screen.getByText('company name is required')).toBeInTheDocument();
    expect(screen.getByText('please enter phone number')).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);

    await user.type(field(/^full name/i), 'Grace Hopper');
    await user.type(field(/^email/i), 'grace@lab.test');
    await user.clear(field(/^confirm password/i));
    await user.type(field(/^confirm password/i), 'cobol-compiler-1959');
    await user.type(field(/^company name/i), 'Hopper Labs');
    await user.type(field(/^phone number/i), '7700 900123');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('signed up successfully')).toBeInTheDocument();
    expect(api.calls('POST /api/auth/signup')[0]?.body).toEqual({
      name: 'Grace Hopper',
      email: 'grace@lab.test',
      password: 'cobol-compiler-1959',
      companyName: 'Hopper Labs',
      countryCode: '+44',
      phoneNumber: '7700900123',
      language: 'en',
    });
    await waitFor(() => {
      expect(screen.getByTestId('location')).toHaveTextContent('/login');
    });
  });

  it('shows why a password is refused under its field: the name, or too easy to guess', async () => {
    const api = fakeApi({
      'POST /api/auth/signup': {
        status: 400,
        body: {
          errors: [
            {
              message: 'this password is too common or too easy to guess; try a longer phrase',
              code: 'passwordTooWeak',
              field: 'password',
            },
          ],
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<SignupPage />);
    await user.click(screen.getByRole('checkbox'));
    await user.type(field(/^full name/i), 'Grace Hopper');
    await user.type(field(/^email/i), 'grace@lab.test');
    await user.type(field(/^company name/i), 'Hopper Labs');
    await user.type(field(/^phone number/i), '7700 900123');
    for (const input of [/^password/i, /^confirm password/i])
      await user.type(field(input), 'grace hopper');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(
      await screen.findByText('password must not be your email address or your name'),
    ).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);

    for (const input of [/^password/i, /^confirm password/i]) {
      await user.clear(field(input));
      await user.type(field(input), 'qwertyuiop1');
    }
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const reason = await screen.findByText(
      'this password is too common or too easy to guess; try a longer phrase',
    );
    expect(field(/^password/i)).toHaveAccessibleDescription(
      expect.stringContaining(reason.textContent),
    );
  });
});
