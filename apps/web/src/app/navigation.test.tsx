import { screen, within } from '@testing-library/react';
import type { Role } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok } from '../test/fake-api';
import { metadataOf, signInAs } from '../test/fixtures';
import { renderApp } from '../test/render';

const expected: Record<Role, string[]> = {
  super_admin: [
    'users',
    'gateways',
    'otaDevices',
    'gatewayLogs',
    'alarms',
    'accounts',
    'userNotifications',
    'userNotificationStatistics',
    'userMessageTemplates',
  ],
  super_user: [
    'dashboard',
    'overview',
    'alarmEvents',
    'reports',
    'map',
    'alertProfile',
    'devices',
    'gateways',
    'users',
    'auditTrail',
  ],
  user: ['dashboard', 'overview', 'alarmEvents', 'reports', 'map'],
};

const navItems = async () => {
  const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.getAttribute('data-testid')?.replace('nav-', ''));
};

describe('navigation by role', () => {
  it.each(Object.keys(expected) as Role[])('shows %s exactly its items', async (role) => {
    signInAs(role);
    fakeApi({ 'GET /api/user/metadata': ok(metadataOf(role)) });
    renderApp('/privacyPolicy');
    expect(await navItems()).toEqual(expected[role]);
    const identity = await screen.findByTestId('user-identity');
    expect(await within(identity).findByText(metadataOf(role).email)).toBeInTheDocument();
  });

  it('adds the video link only for a person with a camera page', async () => {
    signInAs('user');
    fakeApi({
      'GET /api/user/metadata': ok(metadataOf('user', { cameraUrl: 'https://cam.example/1' })),
    });
    renderApp('/dashboard');
    const video = await screen.findByTestId('nav-video');
    expect(video).toHaveAttribute('href', 'https://cam.example/1');
    expect(video).toHaveAttribute('target', '_blank');
  });

  it('sends unknown paths home by role, and keeps a user off /users', async () => {
    signInAs('user');
    fakeApi({ 'GET /api/user/metadata': ok(metadataOf('user')) });
    renderApp('/users');
    // The dashboard shows 'Loading...' until its lists answer.
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/dashboard');
  });

  it('sends a platform administrator on an unknown path to /users', async () => {
    signInAs('super_admin');
    fakeApi({ 'GET /api/user/metadata': ok(metadataOf('super_admin')) });
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/users');
  });
});
