import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, fail, ok } from '../../../test/fake-api';
import { ids, pageOf, signInAs, userOf } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import UsersPage from './users-page';

const headers = async () => {
  const table = await screen.findByTestId('users-table');
  return within(table)
    .getAllByRole('columnheader')
    .map((header) => header.textContent);
};

describe('users page', () => {
  it('shows a platform administrator the owners with company and sub-users', async () => {
    signInAs('super_admin');
    const api = fakeApi({
      [`GET /api/user/${ids.admin}/`]: ok(pageOf([userOf('super_user', { usr: '' })])),
    });
    const user = userEvent.setup();
    renderWithProviders(<UsersPage />, { path: '/users' });
    expect(await headers()).toEqual([
      'Name',
      'Email',
      'Company',
      'Linked door',
      'Phone',
      'Role',
      'Activated',
      'Created at',
      'Sub-users',
      'Actions',
    ]);
    const row = screen.getByRole('row', { name: /Olivia Owner/ });
    expect(within(row).getByText('Demo Laboratory')).toBeInTheDocument();
    expect(within(row).getByText('N/A')).toBeInTheDocument();
    expect(within(row).getByText('+44 7700900123')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 1 of 1')).toBeInTheDocument();
    const query = api.calls(`GET /api/user/${ids.admin}/`)[0]?.query;
    expect(query?.get('page')).toBe('1');
    expect(query?.get('pageSize')).toBe('10');
    await user.click(within(row).getByRole('button', { name: 'View sub-users of Olivia Owner' }));
    expect(screen.getByTestId('location')).toHaveTextContent(`/subUsers?parentId=${ids.owner}`);
  });

  it('shows an account owner their users without company and sub-users', async () => {
    signInAs('super_user');
    fakeApi({
      [`GET /api/user/${ids.owner}/`]: ok(pageOf([userOf('user', { usr: 'door-0042' })])),
    });
    renderWithProviders(<UsersPage />, { path: '/users' });
    expect(await headers()).toEqual([
      'Name',
      'Email',
      'Linked door',
      'Phone',
      'Role',
      'Activated',
      'Created at',
      'Actions',
    ]);
    expect(screen.getByText('door-0042')).toBeInTheDocument();
  });

  it('validates a new user with the spec’s messages and lets an owner choose the role', async () => {
    signInAs('super_user');
    const api = fakeApi({
      [`GET /api/user/${ids.owner}/`]: ok(pageOf([])),
      'POST /api/user/add': fail(
        400,
        'PhoneNumber is a required property.',
        'phoneRequiredServer',
        'phoneNumber',
      ),
    });
    const user = userEvent.setup();
    renderWithProviders(<UsersPage />, { path: '/users' });
    await user.click(await screen.findByRole('button', { name: 'Add user' }));
    const dialog = await screen.findByTestId('addEditUser');
    expect(within(dialog).getByLabelText('Role', { selector: 'input' })).toBeInTheDocument();
    expect(within(dialog).queryByLabelText(/^account/i, { selector: 'input' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Add user' }));
    expect(await within(dialog).findByText('name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('email is required')).toBeInTheDocument();
    expect(within(dialog).getByText('please enter phone number')).toBeInTheDocument();
    expect(api.calls('POST /api/user/add')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/^name/i, { selector: 'input' }), 'Nina');
    await user.type(
      within(dialog).getByLabelText(/^email/i, { selector: 'input' }),
      'nina@lab.test',
    );
    await user.type(
      within(dialog).getByLabelText(/^phone number/i, { selector: 'input' }),
      '12345',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Add user' }));
    expect(await within(dialog).findByText('enter a valid phone number')).toBeInTheDocument();
    expect(api.calls('POST /api/user/add')[0]?.body).toMatchObject({
      name: 'Nina',
      email: 'nina@lab.test',
      countryCode: '+44',
      phoneNumber: '12345',
      role: 'user',
    });
  });

  it('makes a platform administrator choose an account, and hides the role', async () => {
    signInAs('super_admin');
    fakeApi({
      [`GET /api/user/${ids.admin}/`]: ok(pageOf([])),
      'GET /api/account/list': ok([]),
    });
    const user = userEvent.setup();
    renderWithProviders(<UsersPage />, { path: '/users' });
    await user.click(await screen.findByRole('button', { name: 'Add user' }));
    const dialog = await screen.findByTestId('addEditUser');
    expect(within(dialog).queryByLabelText('Role', { selector: 'input' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Add user' }));
    expect(await within(dialog).findByText('please choose account')).toBeInTheDocument();
  });

  it('deletes after confirmation, and shows the server’s refusal', async () => {
    signInAs('super_user');
    const viewer = userOf('user');
    const api = fakeApi({
      [`GET /api/user/${ids.owner}/`]: ok(pageOf([viewer])),
      [`DELETE /api/user/${viewer.id}`]: fail(
        409,
        'Cant delete user! Some devices, alarms or reports may have been Assigned to this user',
        'cannotDeleteUser',
      ),
    });
    const user = userEvent.setup();
    renderWithProviders(<UsersPage />, { path: '/users' });
    await user.click(await screen.findByRole('button', { name: 'Delete Victor Viewer' }));
    const dialog = await screen.findByTestId('deleteUser');
    await user.click(within(dialog).getByRole('button', { name: 'Delete user' }));
    expect(
      await screen.findByText(
        'Cant delete user! Some devices, alarms or reports may have been Assigned to this user',
      ),
    ).toBeInTheDocument();
    expect(api.calls(`DELETE /api/user/${viewer.id}`)).toHaveLength(1);
  });

  it('gives the platform administrator a link message template button per owner', async () => {
    signInAs('super_admin');
    fakeApi({ [`GET /api/user/${ids.admin}/`]: ok(pageOf([userOf('super_user')])) });
    const user = userEvent.setup();
    renderWithProviders(
      <UsersPage
        renderLinkTemplate={({ opened, user: linked }) =>
          opened ? <p>relation form of {linked?.name}</p> : null
        }
      />,
      { path: '/users' },
    );
    expect(await headers()).toContain('Message template');
    await user.click(
      await screen.findByRole('button', { name: 'Link a message template to Olivia Owner' }),
    );
    expect(screen.getByText('relation form of Olivia Owner')).toBeInTheDocument();
  });
});
