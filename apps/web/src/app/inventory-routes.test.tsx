import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok } from '../test/fake-api';
import { ids, metadataOf, pageOf, signInAs } from '../test/fixtures';
import { renderApp } from '../test/render';

describe('devices and gateways routes', () => {
  it('opens the devices page for an account owner', async () => {
    signInAs('super_user');
    fakeApi({
      'GET /api/user/metadata': ok(metadataOf('super_user')),
      [`GET /api/device/${ids.owner}/`]: ok(pageOf([])),
    });
    renderApp('/devices');
    expect(await screen.findByRole('heading', { name: 'Devices' })).toBeInTheDocument();
    expect(await screen.findByText('No devices found')).toBeInTheDocument();
  });

  it('shows the platform administrator the global gateways, and no devices page', async () => {
    signInAs('super_admin');
    const api = fakeApi({
      'GET /api/user/metadata': ok(metadataOf('super_admin')),
      'GET /api/gateway/global': ok(pageOf([])),
      [`GET /api/user/${ids.admin}/`]: ok(pageOf([])),
    });
    renderApp('/gateways');
    expect(await screen.findByText('No gateways found')).toBeInTheDocument();
    expect(api.calls('GET /api/gateway/global')).toHaveLength(1);
    window.history.pushState(null, '', '/devices');
    window.dispatchEvent(new PopStateEvent('popstate'));
    await waitFor(() => {
      expect(window.location.pathname).toBe('/users');
    });
  });

  it('sends a user away from both pages', async () => {
    signInAs('user');
    fakeApi({ 'GET /api/user/metadata': ok(metadataOf('user')) });
    renderApp('/gateways');
    await waitFor(() => {
      expect(window.location.pathname).toBe('/dashboard');
    });
  });

  it('sends the platform administrator from /dashboard to the users screen, asking for nothing', async () => {
    signInAs('super_admin');
    const api = fakeApi({
      'GET /api/user/metadata': ok(metadataOf('super_admin')),
      [`GET /api/user/${ids.admin}/`]: ok(pageOf([])),
    });
    renderApp('/dashboard');
    await waitFor(() => {
      expect(window.location.pathname).toBe('/users');
    });
    // No account-wide calls (the five 403s of issue 19): no alarm counts, no dashboard cards.
    const paths = api.requests.map((request) => request.path);
    for (const refused of [
      '/api/alarms/summary',
      '/api/misc/connectedStatus',
      '/api/user/dashboard',
    ])
      expect(paths).not.toContain(refused);
  });
});
