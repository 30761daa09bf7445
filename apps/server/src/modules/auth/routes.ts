import {
  emailTokenParams,
  forgotBody,
  loginBody,
  loginReply,
  messageReply,
  okReply,
  resetBody,
  signupBody,
  tokenCheckReply,
  tokenParams,
  unlockBody,
  unlockReply,
} from '@vigil/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { actorOf, anyRole } from '../../plugins/guard.js';
import { publicRoute, replies, requestInfo } from '../../lib/routes.js';
import * as service from './service.js';
import * as unlock from './unlock.js';

/** Per IP; the per-email limit on failed sign-ins is in the service. */
const loginRateLimit = { max: 30, timeWindow: '1 minute' };
const mailRateLimit = { max: 10, timeWindow: '1 minute' };
/** Only account owners edit devices and gateways, so only they unlock ID changes. */
const idEditors = { roles: ['super_user'] } as const;

export const authRoutes: FastifyPluginCallbackZod = (app) => {
  const { ctx } = app;
  const tags = ['auth'];

  app.post(
    '/api/auth',
    {
      config: { guard: publicRoute, rateLimit: loginRateLimit },
      schema: { tags, summary: 'Sign in', body: loginBody, response: replies({ 200: loginReply }) },
    },
    async (request) => ({ data: await service.login(ctx, request.body, requestInfo(request)) }),
  );

  app.delete(
    '/api/auth',
    {
      config: { guard: { roles: anyRole } },
      schema: {
        tags,
        summary: 'Sign out (revokes the session)',
        response: replies({ 200: okReply }),
      },
    },
    async (request) => {
      await service.logout(ctx, actorOf(request));
      return { data: { ok: true as const } };
    },
  );

  app.post(
    '/api/auth/signup',
    {
      config: { guard: publicRoute, rateLimit: mailRateLimit },
      schema: {
        tags,
        summary: 'Create an account and its owner; a confirmation mail follows',
        body: signupBody,
        response: replies({ 201: messageReply }),
      },
    },
    async (request, reply) => {
      await service.signup(ctx, request.body, request.ip);
      return reply.code(201).send({ data: { message: 'signed up successfully' } });
    },
  );

  app.get(
    '/api/auth/confirm/:emailToken',
    {
      config: { guard: publicRoute },
      schema: {
        tags,
        summary: 'Confirm an email address',
        params: emailTokenParams,
        response: replies({ 200: messageReply }),
      },
    },
    async (request) => {
      await service.confirmEmail(ctx, request.params.emailToken, request.ip);
      return { data: { message: 'email confirmed' } };
    },
  );

  app.post(
    '/api/auth/forgot',
    {
      config: { guard: publicRoute, rateLimit: mailRateLimit },
      schema: {
        tags,
        summary: 'Send a password reset link',
        body: forgotBody,
        response: replies({ 200: messageReply }),
      },
    },
    async (request) => {
      await service.forgotPassword(ctx, request.body.email, request.ip);
      return { data: { message: 'An forget password email has been sent to your Email ID' } };
    },
  );

  app.get(
    '/api/auth/forgot/:token',
    {
      config: { guard: publicRoute },
      schema: {
        tags,
        summary: 'Check a reset or invitation link',
        params: tokenParams,
        response: replies({ 200: tokenCheckReply }),
      },
    },
    async (request) => ({ data: await service.checkResetToken(ctx, request.params.token) }),
  );

  app.post(
    '/api/auth/forgot/:token',
    {
      config: { guard: publicRoute, rateLimit: mailRateLimit },
      schema: {
        tags,
        summary: 'Set a new password from a reset or invitation link',
        params: tokenParams,
        body: resetBody,
        response: replies({ 200: messageReply }),
      },
    },
    async (request) => {
      await service.resetPassword(ctx, request.params.token, request.body.password, request.ip);
      return { data: { message: 'Password reset successfully' } };
    },
  );

  app.post(
    '/api/auth/unlock',
    {
      config: { guard: idEditors, rateLimit: loginRateLimit },
      schema: {
        tags,
        summary: 'Re-enter your password to change a device or gateway ID',
        description:
          'Answers a token valid for 10 minutes in this session only; send it as `unlockToken` with a PUT that changes `deviceId` or `gatewayId`. A wrong password is 403 "password didn\'t match"; five wrong passwords within 15 minutes lock unlocking (429) for 15 minutes.',
        body: unlockBody,
        response: replies({ 200: unlockReply }),
      },
    },
    async (request) => ({
      data: await unlock.unlock(ctx, actorOf(request), request.body.password),
    }),
  );
};
