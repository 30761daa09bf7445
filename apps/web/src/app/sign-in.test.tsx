import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { dashboardApi } from '../features/dashboard/pages/dashboard-test-api';
import { signOut } from '../lib/session';
import { fakeApi, fail, ok } from '../test/fake-api';
import { ids, metadataOf, pageOf, sessionOf } from '../test/fixtures';
import { renderApp } from '../test/render';

// uPlot draws on a canvas, which jsdom lacks: a stand-in records the charts made.
const plots = vi.hoisted(() => [] as unknown[]);
vi.mock('uplot', () => ({
  default: class FakePlot {
    static paths = {};
    constructor() {
      plots.push(this);
    }
    setData() {
      return undefined;
    }
    setSize() {
      return undefined;
    }
    destroy() {
      return undefined;
    }
  },
}));

const signInApi = (role: 'super_admin' | 'super_user' | 'user') =>
  fakeApi({
    'POST /api/auth': ok(sessionOf(role)),
    'GET /api/user/metadata': ok(metadataOf(role)),
    [`GET /api/user/${sessionOf(role).userId}/`]: ok(pageOf([])),
  });

async function signInWith(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText(/^email/i, { selector: 'input' }), email);
  if (password)
    await user.type(screen.getByLabelText(/^password/i, { selector: 'input' }), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('sign-in', () => {
  it('shows the server’s validation messages inline and sends nothing', async () => {
    const api = signInApi('user');
    renderApp('/login');
    await signInWith('', '');
    expect(await screen.findByText('email is required')).toBeInTheDocument();
    expect(screen.getByText('password is required')).toBeInTheDocument();
    await signInWith('not-an-email', 'x');
    expect(await screen.findByText('please enter a valid email')).toBeInTheDocument();
    expect(api.calls('POST /api/auth')).toHaveLength(0);
  });

  it('sends a platform administrator to /users', async () => {
    const api = signInApi('super_admin');
    renderApp('/login');
    await signInWith('admin@vigil.test', 'vigil-demo');
    expect(await screen.findByText('login successfully')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/users');
    expect(window.localStorage.getItem('token')).toBe('jwt-super_admin');
    expect(window.localStorage.getItem('role')).toBe('super_admin');
    expect(api.calls('POST /api/auth')[0]?.body).toEqual({
      email: 'admin@vigil.test',
      password: 'vigil-demo',
    });
  });

  it.each(['super_user', 'user'] as const)('sends a %s to /dashboard', async (role) => {
    signInApi(role);
    renderApp('/login');
    await signInWith(sessionOf(role).email, 'vigil-demo');
    // The dashboard shows 'Loading...' until its lists answer.
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/dashboard');
  });

  it('asks for the chart of the device the dashboard opens on as soon as its list is in, once', async () => {
    const graphPath = `/api/device/${ids.device}/graph`;
    const api = dashboardApi({
      extra: {
        'POST /api/auth': ok(sessionOf('super_user')),
        [`GET ${graphPath}`]: ok({
          points: [{ ts: new Date().toISOString(), t: 4.4 }],
          bucket: 'raw',
          from: new Date(Date.now() - 3_600_000).toISOString(),
          to: new Date().toISOString(),
        }),
        [`GET /api/alarms/${ids.device}`]: ok(pageOf([])),
      },
    });
    signOut();
    renderApp('/login');
    await signInWith(sessionOf('super_user').email, 'vigil-demo');
    await waitFor(() => {
      expect(plots).toHaveLength(1);
    });
    expect(window.location.search).toContain(`device=${ids.device}`);
    const paths = api.requests.map((request) => request.path);
    // Before the dashboard's cards (which ask once it has rendered with the list), not after.
    expect(paths.indexOf(graphPath)).toBeLessThan(paths.indexOf('/api/misc/connectedStatus'));
    expect(api.calls(`GET ${graphPath}`)).toHaveLength(1);
    expect(api.calls(`GET /api/alarms/${ids.device}`)).toHaveLength(1);
    expect(api.calls(`GET /api/device/${sessionOf('super_user').userId}/`)).toHaveLength(1);
  });

  it('shows a wrong password under the password field, not in a toast, and stays signed out', async () => {
    fakeApi({ 'POST /api/auth': fail(401, 'invalid email or password', 'invalidCredentials') });
    renderApp('/login');
    await signInWith('owner@demo.vigil.test', 'wrong-password');
    const password = await screen.findByLabelText(/^Password/);
    await waitFor(() => {
      expect(password).toHaveAccessibleDescription('invalid email or password');
    });
    expect(screen.getAllByText('invalid email or password')).toHaveLength(1);
    expect(screen.queryByText('You are not authorized, please login again')).toBeNull();
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('shows the login page for / and any unknown path when signed out', async () => {
    fakeApi({});
    renderApp('/somewhere/else');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    await waitFor(() => {
      expect(window.location.pathname).toBe('/login');
    });
  });

  it("treats a stored token 'undefined' as signed out", async () => {
    window.localStorage.setItem('token', 'undefined');
    const { reloadSession } = await import('../lib/session');
    reloadSession();
    fakeApi({});
    renderApp('/dashboard');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });
});
