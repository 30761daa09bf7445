import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountWithOwner, demo, userIdOf } from '../helpers/fixtures.js';
import { createDemoApp, deliveredMail, linkIn, login, type TestApp } from '../helpers/test-app.js';

let test: TestApp;
let owner: Awaited<ReturnType<typeof login>>;
let admin: Awaited<ReturnType<typeof login>>;

beforeAll(async () => {
  test = await createDemoApp();
  owner = await login(test.app, demo.owner);
  admin = await login(test.app, demo.admin);
});
afterAll(async () => {
  await test.close();
});

const newUser = {
  name: 'Rosalind Franklin',
  email: 'rosalind@demo.vigil.test',
  countryCode: '+44',
  phoneNumber: '7700 900 789',
  usr: 'door-0077',
  role: 'user',
};

describe('users', () => {
  it('lists the other users of the owner account, paged and searchable', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: `/api/user/${owner.userId}/?page=1&pageSize=10`,
      headers: owner.headers,
    });
    expect(response.statusCode).toBe(200);
    const { list, meta } = response.json().data;
    expect(list.map((u: { email: string }) => u.email)).toEqual([demo.viewer]);
    expect(meta.pagination).toEqual({
      page: 1,
      pageSize: 10,
      total: 1,
      totalPages: 1,
      currentPage: 1,
    });

    const search = await test.app.inject({
      method: 'GET',
      url: `/api/user/${owner.userId}/?page=1&pageSize=10&searchString=nobody`,
      headers: owner.headers,
    });
    expect(search.json().data.list).toEqual([]);
  });

  it('lets a super_admin list every account owner', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: `/api/user/${admin.userId}/?page=1&pageSize=1000`,
      headers: admin.headers,
    });
    expect(response.json().data.list).toEqual([
      expect.objectContaining({
        email: demo.owner,
        role: 'super_user',
        companyName: 'Demo Laboratory',
      }),
    ]);
  });

  it('answers 404 for another user id in the list path', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: `/api/user/${admin.userId}/`,
      headers: owner.headers,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().errors[0].message).toBe('404 not found');
  });

  it('adds a user who is invited by mail, inactive until they choose a password', async () => {
    const created = await test.app.inject({
      method: 'POST',
      url: '/api/user/add',
      headers: owner.headers,
      payload: newUser,
    });
    expect(created.statusCode).toBe(201);
    const user = created.json().data;
    expect(user).toMatchObject({
      name: 'Rosalind Franklin',
      email: 'rosalind@demo.vigil.test',
      phoneNumber: '7700900789',
      usr: 'door-0077',
      role: 'user',
      isActivated: false,
      companyName: 'Demo Laboratory',
      parentId: owner.userId,
    });

    const invitation = (await deliveredMail(test)).find((mail) =>
      mail.to.includes('rosalind@demo.vigil.test'),
    );
    expect(invitation?.subject).toBe('You have been invited to Vigil');
    expect(invitation?.text).toContain('Olivia Owner');
    const token = linkIn(invitation!, '/auth/forgot');
    const check = await test.app.inject({ method: 'GET', url: `/api/auth/forgot/${token}` });
    expect(check.json().data).toEqual({ email: 'rosalind@demo.vigil.test', purpose: 'invite' });
    await test.app.inject({
      method: 'POST',
      url: `/api/auth/forgot/${token}`,
      payload: { password: 'double-helix' },
    });
    await login(test.app, 'rosalind@demo.vigil.test', 'double-helix');

    const sub = await test.app.inject({
      method: 'GET',
      url: '/api/user/subUsers',
      headers: owner.headers,
    });
    expect(
      sub
        .json()
        .data.map((u: { email: string }) => u.email)
        .sort(),
    ).toEqual(['rosalind@demo.vigil.test', demo.viewer].sort());
  });

  it.each([
    [{ ...newUser, email: 'x1@demo.vigil.test', name: '' }, 'name', 'name is required'],
    [{ ...newUser, email: '' }, 'email', 'email is required'],
    [{ ...newUser, email: 'not-an-email' }, 'email', 'please enter a valid email'],
    [
      { ...newUser, email: 'x2@demo.vigil.test', phoneNumber: '' },
      'phoneNumber',
      'PhoneNumber is a required property.',
    ],
    [
      { ...newUser, email: 'x3@demo.vigil.test', phoneNumber: '12ab' },
      'phoneNumber',
      'enter a valid phone number',
    ],
    [
      { ...newUser, email: 'x4@demo.vigil.test', countryCode: '+48' },
      'countryCode',
      'please choose a country code',
    ],
    [
      { ...newUser, email: 'x5@demo.vigil.test', role: 'super_admin' },
      'role',
      'this role cannot be given here',
    ],
  ])('refuses a bad user with the spec message (%#)', async (payload, field, message) => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/user/add',
      headers: owner.headers,
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({ field, message });
  });

  it('refuses a duplicate email', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/user/add',
      headers: owner.headers,
      payload: { ...newUser, email: 'ROSALIND@demo.vigil.test' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().errors[0].message).toBe('a user with this email already exists');
  });

  it('lets a super_admin add an owner to a chosen account, and requires the account', async () => {
    const missing = await test.app.inject({
      method: 'POST',
      url: '/api/user/add',
      headers: admin.headers,
      payload: { ...newUser, email: 'boss@demo.vigil.test' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].message).toBe('please choose account');
    const accounts = await test.app.inject({
      method: 'GET',
      url: '/api/account/list',
      headers: admin.headers,
    });
    const accountId = accounts.json().data[0].id;
    const created = await test.app.inject({
      method: 'POST',
      url: '/api/user/add',
      headers: admin.headers,
      payload: { ...newUser, email: 'boss@demo.vigil.test', accountId },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ role: 'super_user', accountId });
  });

  it('edits a user; only a super_admin may change an email', async () => {
    const id = await userIdOf(test.runtime.ctx.db, demo.viewer);
    const edit = {
      name: 'Victor V. Viewer',
      countryCode: '+1',
      phoneNumber: '2025550100',
      usr: '',
    };
    const ok = await test.app.inject({
      method: 'PUT',
      url: `/api/user/${id}`,
      headers: owner.headers,
      payload: edit,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({
      name: 'Victor V. Viewer',
      countryCode: '+1',
      phoneNumber: '2025550100',
      usr: '',
    });

    const email = await test.app.inject({
      method: 'PUT',
      url: `/api/user/${id}`,
      headers: owner.headers,
      payload: { ...edit, email: 'victor@elsewhere.example' },
    });
    expect(email.statusCode).toBe(403);
    expect(email.json().errors[0].message).toBe(
      'only a platform administrator can change an email address',
    );

    const byAdmin = await test.app.inject({
      method: 'PUT',
      url: `/api/user/${id}`,
      headers: admin.headers,
      payload: { ...edit, email: 'victor@demo.vigil.test' },
    });
    expect(byAdmin.json().data.email).toBe('victor@demo.vigil.test');
  });

  it('deletes a user, but not oneself or the last owner', async () => {
    const self = await test.app.inject({
      method: 'DELETE',
      url: `/api/user/${owner.userId}`,
      headers: owner.headers,
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().errors[0].message).toBe('you cannot delete yourself');

    const other = await createAccountWithOwner(
      test.runtime.ctx.db,
      'Solo Lab',
      'solo@solo.example',
    );
    const last = await test.app.inject({
      method: 'DELETE',
      url: `/api/user/${other.owner.id}`,
      headers: admin.headers,
    });
    expect(last.statusCode).toBe(409);
    expect(last.json().errors[0].message).toBe('an account needs at least one owner');

    const id = await userIdOf(test.runtime.ctx.db, 'rosalind@demo.vigil.test');
    const gone = await test.app.inject({
      method: 'DELETE',
      url: `/api/user/${id}`,
      headers: owner.headers,
    });
    expect(gone.statusCode).toBe(200);
    const again = await test.app.inject({
      method: 'DELETE',
      url: `/api/user/${id}`,
      headers: owner.headers,
    });
    expect(again.statusCode).toBe(404);
  });

  it('refuses to delete a user who is assigned to something', async () => {
    const { devices, deviceUsers } = await import('../../src/db/schema/index.js');
    const db = test.runtime.ctx.db;
    const viewerId = await userIdOf(db, 'victor@demo.vigil.test');
    const [device] = await db
      .insert(devices)
      .values({
        accountId: (
          await test.app.inject({
            method: 'GET',
            url: '/api/user/metadata',
            headers: owner.headers,
          })
        ).json().data.accountId,
        deviceId: 'aa:bb:cc:dd',
        name: 'Fridge 1',
      })
      .returning();
    await db.insert(deviceUsers).values({ deviceId: device!.id, userId: viewerId });
    const response = await test.app.inject({
      method: 'DELETE',
      url: `/api/user/${viewerId}`,
      headers: owner.headers,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().errors[0].message).toBe(
      'Cant delete user! Some devices, alarms or reports may have been Assigned to this user',
    );
  });

  it('writes every change to the audit trail', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: '/api/audit/logs?event=user&limit=50',
      headers: owner.headers,
    });
    const actions = response
      .json()
      .data.list.map(
        (entry: { action: string; message: string }) => `${entry.action}: ${entry.message}`,
      );
    expect(actions).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^create: Added user rosalind@demo\.vigil\.test/),
        expect.stringMatching(
          /^update: Updated viewer@demo\.vigil\.test: name: "Victor Viewer" -> "Victor V\. Viewer"/,
        ),
        expect.stringMatching(/^delete: Deleted user rosalind@demo\.vigil\.test/),
      ]),
    );
  });
});
