import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, fail } from '../test/fake-api';
import { signInAs } from '../test/fixtures';
import { renderApp } from '../test/render';

describe('the 401 rule', () => {
  it('toasts, clears the stored session and goes to /login', async () => {
    signInAs('super_user');
    const api = fakeApi({
      'GET /api/user/metadata': fail(
        401,
        'You are not authorized, please login again',
        'unauthorized',
      ),
    });
    renderApp('/dashboard');
    expect(
      await screen.findByText('You are not authorized, please login again'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    await waitFor(() => {
      expect(window.location.pathname).toBe('/login');
    });
    for (const key of ['token', 'userId', 'role', 'email']) {
      expect(window.localStorage.getItem(key)).toBeNull();
    }
    expect(api.calls('GET /api/user/metadata')[0]?.headers.get('Authorization')).toBe(
      'Bearer jwt-super_user',
    );
  });
});
