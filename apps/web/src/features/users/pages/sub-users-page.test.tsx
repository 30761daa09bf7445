import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, fail, ok } from '../../../test/fake-api';
import { ids, signInAs, userOf } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import SubUsersPage from './sub-users-page';

describe('sub-users page', () => {
  it('lists the sub-users of the parent in the query', async () => {
    signInAs('super_admin');
    const api = fakeApi({ 'GET /api/user/subUsers': ok([userOf('user')]) });
    renderWithProviders(<SubUsersPage />, { path: `/subUsers?parentId=${ids.owner}` });
    expect(await screen.findByText('Victor Viewer')).toBeInTheDocument();
    expect(screen.getByText('+44 7700900123')).toBeInTheDocument();
    expect(api.calls('GET /api/user/subUsers')[0]?.query.get('parentId')).toBe(ids.owner);
  });

  it('treats a 404 as nobody, silently', async () => {
    signInAs('super_admin');
    fakeApi({ 'GET /api/user/subUsers': fail(404, '404 not found', 'notFound') });
    renderWithProviders(<SubUsersPage />, { path: `/subUsers?parentId=${ids.owner}` });
    expect(await screen.findByText('No Sub Users Found')).toBeInTheDocument();
    expect(screen.queryByText('404 not found')).toBeNull();
  });
});
