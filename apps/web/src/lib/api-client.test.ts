import { okReply, userMetadataReply } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { fakeApi, fail, ok } from '../test/fake-api';
import { metadataOf, signInAs } from '../test/fixtures';
import { api } from './api-client';
import { ApiError } from './api-error';
import { i18n } from './i18n';
import { getSession } from './session';

describe('api client', () => {
  it('sends the bearer token and hands back `data`, checked against the contract', async () => {
    signInAs('user');
    const server = fakeApi({ 'GET /api/user/metadata': ok(metadataOf('user')) });
    await expect(api.get('/api/user/metadata', userMetadataReply)).resolves.toEqual(
      metadataOf('user'),
    );
    expect(server.requests[0]?.headers.get('Authorization')).toBe('Bearer jwt-user');
  });

  it('treats a query cancelled while its body is read as cancelled, not as a bad reply', async () => {
    signInAs('user');
    fakeApi({ 'GET /api/user/metadata': ok(metadataOf('user')) });
    const controller = new AbortController();
    const reading = api.get('/api/user/metadata', userMetadataReply, { signal: controller.signal });
    controller.abort();
    const error = await reading.catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'AbortError' });
  });

  it('sends no token on public calls', async () => {
    signInAs('user');
    const server = fakeApi({ 'POST /api/auth/forgot': ok({ ok: true }) });
    await api.post('/api/auth/forgot', okReply, { body: { email: 'a@b.c' }, public: true });
    expect(server.requests[0]?.headers.get('Authorization')).toBeNull();
    expect(server.requests[0]?.body).toEqual({ email: 'a@b.c' });
  });

  it('fails with errors[0] — message, code, field — and `msg` as the fallback', async () => {
    fakeApi({
      'PUT /api/user/language': fail(
        409,
        'a user with this email already exists',
        'emailTaken',
        'email',
      ),
      'DELETE /api/auth': { status: 500, body: { errors: [{ msg: 'legacy failure' }] } },
    });
    const taken = await api.put('/api/user/language', okReply).catch((e: unknown) => e);
    expect(taken).toBeInstanceOf(ApiError);
    expect(taken).toMatchObject({
      status: 409,
      message: 'a user with this email already exists',
      code: 'emailTaken',
      field: 'email',
    });
    const legacy = await api
      .delete('/api/auth', okReply, { silent: true })
      .catch((e: unknown) => e);
    expect(legacy).toMatchObject({ status: 500, message: 'legacy failure' });
  });

  it('translates a failure by its code', async () => {
    await i18n.changeLanguage('de');
    fakeApi({
      'GET /api/account/list': fail(403, 'You do not have permission to do this', 'forbidden'),
    });
    const error = (await api
      .get('/api/account/list', okReply)
      .catch((e: unknown) => e)) as ApiError;
    expect(error.translated).toBe('Sie haben keine Berechtigung dafür');
  });

  it('signs out on a 401, but not when signing in fails', async () => {
    fakeApi({
      'POST /api/auth': fail(401, 'invalid email or password', 'invalidCredentials'),
      'GET /api/user/metadata': fail(
        401,
        'You are not authorized, please login again',
        'unauthorized',
      ),
    });
    signInAs('super_user');
    await api.post('/api/auth', okReply, { public: true, silent: true }).catch(() => undefined);
    expect(getSession()).not.toBeNull();
    await api.get('/api/user/metadata', userMetadataReply).catch(() => undefined);
    expect(getSession()).toBeNull();
    expect(window.localStorage.getItem('token')).toBeNull();
  });
});
