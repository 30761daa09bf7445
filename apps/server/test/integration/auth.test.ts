import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, deliveredMail, linkIn, login, type TestApp } from '../helpers/test-app.js';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  await test.close();
});

const signup = {
  name: 'Marie Curie',
  email: 'Marie@Radium.Example',
  password: 'polonium-and-radium-84',
  companyName: 'Radium Institute',
  countryCode: '+44',
  phoneNumber: '20 7946 0001',
};

describe('the auth lifecycle', () => {
  it('signs up, confirms from the mailed link, signs in, reads metadata, signs out', async () => {
    const { app } = test;
    const created = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: signup });
    expect(created.statusCode).toBe(201);
    // The account is made by the worker, after the reply (issue 18: no enumeration).
    await test.runtime.worker?.drain();

    // Not confirmed yet: the right password is refused with the confirmation message.
    const early = await app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: { email: signup.email, password: signup.password },
    });
    expect(early.statusCode).toBe(403);
    expect(early.json().errors[0].message).toBe(
      'please confirm your email address before signing in',
    );

    const mails = await deliveredMail(test);
    const confirmation = mails.find((mail) => mail.to.includes('marie@radium.example'));
    expect(confirmation?.subject).toBe('Confirm your Vigil account');
    const token = linkIn(confirmation!, '/auth/confirm');
    expect(
      (await app.inject({ method: 'GET', url: `/api/auth/confirm/${token}` })).statusCode,
    ).toBe(200);
    // A confirmation link works once.
    const again = await app.inject({ method: 'GET', url: `/api/auth/confirm/${token}` });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors[0].message).toBe('this link is invalid or has expired');

    const session = await login(app, 'marie@radium.example', signup.password);
    expect(session.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    const metadata = await app.inject({
      method: 'GET',
      url: '/api/user/metadata',
      headers: session.headers,
    });
    expect(metadata.statusCode).toBe(200);
    expect(metadata.json().data).toMatchObject({
      email: 'marie@radium.example',
      role: 'super_user',
      companyName: 'Radium Institute',
      temperatureUnit: 'C',
    });
    const accountMeta = await app.inject({
      method: 'GET',
      url: '/api/user/accountMetadata',
      headers: session.headers,
    });
    expect(accountMeta.json().data).toMatchObject({
      account: { companyName: 'Radium Institute' },
      gatewayCount: 0,
      deviceCount: 0,
    });

    const out = await app.inject({ method: 'DELETE', url: '/api/auth', headers: session.headers });
    expect(out.statusCode).toBe(200);
    const after = await app.inject({
      method: 'GET',
      url: '/api/user/metadata',
      headers: session.headers,
    });
    expect(after.statusCode).toBe(401);
    expect(after.json().errors[0].message).toBe('You are not authorized, please login again');
  });

  it('answers an unknown email and a wrong password the same way', async () => {
    const unknown = await test.app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: { email: 'nobody@nowhere.example', password: 'whatever1' },
    });
    const wrong = await test.app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: { email: 'marie@radium.example', password: 'wrong-password' },
    });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.body).toBe(wrong.body);
  });

  it('resets a forgotten password once, and the old password stops working', async () => {
    const { app } = test;
    const before = (await deliveredMail(test)).length;
    const forgot = await app.inject({
      method: 'POST',
      url: '/api/auth/forgot',
      payload: { email: 'marie@radium.example' },
    });
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/auth/forgot',
      payload: { email: 'ghost@nowhere.example' },
    });
    expect(forgot.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(forgot.body);
    expect(forgot.json().data.message).toBe(
      'An forget password email has been sent to your Email ID',
    );

    const mails = await deliveredMail(test);
    expect(mails).toHaveLength(before + 1);
    const token = linkIn(mails.at(-1)!, '/auth/forgot');
    const check = await app.inject({ method: 'GET', url: `/api/auth/forgot/${token}` });
    expect(check.json().data).toEqual({ email: 'marie@radium.example', purpose: 'reset' });

    const short = await app.inject({
      method: 'POST',
      url: `/api/auth/forgot/${token}`,
      payload: { password: 'abc' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors[0].message).toBe('password must be at least 10 characters');

    const reset = await app.inject({
      method: 'POST',
      url: `/api/auth/forgot/${token}`,
      payload: { password: 'curium-chloride-96' },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().data.message).toBe('Password reset successfully');

    const reused = await app.inject({
      method: 'POST',
      url: `/api/auth/forgot/${token}`,
      payload: { password: 'another-isotope-7' },
    });
    expect(reused.statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: `/api/auth/forgot/${token}` })).statusCode).toBe(
      400,
    );

    const old = await app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: { email: 'marie@radium.example', password: signup.password },
    });
    expect(old.statusCode).toBe(401);
    await login(app, 'marie@radium.example', 'curium-chloride-96');
  });

  it('refuses an expired reset link', async () => {
    const { app, runtime } = test;
    await app.inject({
      method: 'POST',
      url: '/api/auth/forgot',
      payload: { email: 'marie@radium.example' },
    });
    const token = linkIn((await deliveredMail(test)).at(-1)!, '/auth/forgot');
    const { userTokens } = await import('../../src/db/schema/index.js');
    const { eq } = await import('drizzle-orm');
    await runtime.ctx.db
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userTokens.purpose, 'reset'));
    const response = await app.inject({
      method: 'POST',
      url: `/api/auth/forgot/${token}`,
      payload: { password: 'new-password-of-mine' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].message).toBe('this link is invalid or has expired');
  });

  it('gives the spec validation messages for sign-up', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        name: '',
        email: 'not-an-email',
        password: '123',
        companyName: ' ',
        countryCode: '+44',
        phoneNumber: '',
      },
    });
    expect(response.statusCode).toBe(400);
    const messages = response.json<{ errors: { message: string; field: string }[] }>().errors;
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'name', message: 'name is required' }),
        expect.objectContaining({ field: 'email', message: 'please enter a valid email' }),
        expect.objectContaining({
          field: 'password',
          message: 'password must be at least 10 characters',
        }),
        expect.objectContaining({ field: 'companyName', message: 'company name is required' }),
        expect.objectContaining({ field: 'phoneNumber', message: 'please enter phone number' }),
      ]),
    );
  });
});
