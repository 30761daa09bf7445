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
import type { AppContext } from '../../context.js';
import { actorOf, anyRole } from '../../plugins/guard.js';
import { publicRoute, replies, requestInfo, type RouteApp } from '../../lib/routes.js';
import * as enrolment from './enrolment.js';
import * as service from './service.js';
import * as unlock from './unlock.js';

/** Per address; failed passwords are slowed per email and client in the service (throttle.ts). */
const loginRateLimit = { max: 30, timeWindow: '1 minute' };
const mailRateLimit = { max: 10, timeWindow: '1 minute' };
/** Only account owners edit devices and gateways, so only they unlock ID changes. */
const idEditors = { roles: ['super_user'], scope: 'account' } as const;

const tags = ['auth'];

/** `POST /api/auth`, `DELETE /api/auth`. */
function sessionRoutes(app: RouteApp, ctx: AppContext) {
  app.post(
    '/api/auth',
    {
      config: { guard: publicRoute, rateLimit: loginRateLimit },
      schema: {
        tags,
        summary: 'Sign in',
        description:
          'After five failed sign-ins for one email from one client (an address, an IPv6 /64), that client waits (429 with Retry-After) 30 s, then twice as long after each further failure, up to 15 minutes; sign-ins from elsewhere are not slowed. Each address may send 30 sign-ins a minute.',
        body: loginBody,
        response: replies({ 200: loginReply }),
      },
    },
    async (request) => ({ data: await service.login(ctx, request.body, requestInfo(request)) }),
  );

  app.delete(
    '/api/auth',
    {
      config: { guard: { roles: anyRole, scope: 'account' } },
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
}

/** `POST /api/auth/signup`, `GET /api/auth/confirm/:emailToken`. */
function enrolmentRoutes(app: RouteApp, ctx: AppContext) {
  app.post(
    '/api/auth/signup',
    {
      config: { guard: publicRoute, rateLimit: mailRateLimit },
      schema: {
        tags,
        summary: 'Create an account and its owner; a confirmation mail follows',
        description:
          'Answers 201 the same, in the same time, whether or not the email already has an account: the account is created after the reply, or, for a known email, its owner is mailed that someone tried to sign up with it. The password needs 10 characters, must not be the email or the name, and must not be common or easy to guess (zxcvbn score 3 of 4); the reason is a 400 on `password`.',
        body: signupBody,
        response: replies({ 201: messageReply }),
      },
    },
    async (request, reply) => {
      await enrolment.signup(ctx, request.body, request.ip);
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
}

/** `POST /api/auth/forgot`, `GET /api/auth/forgot/:token`, `POST /api/auth/forgot/:token`. */
function passwordResetRoutes(app: RouteApp, ctx: AppContext) {
  app.post(
    '/api/auth/forgot',
    {
      config: { guard: publicRoute, rateLimit: mailRateLimit },
      schema: {
        tags,
        summary: 'Send a password reset link',
        description:
          'Answers the same, in the same time, whether or not the email has an account; the link is mailed after the reply.',
        body: forgotBody,
        response: replies({ 200: messageReply }),
      },
    },
    async (request) => {
      await enrolment.forgotPassword(ctx, request.body.email, request.ip);
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
}

/** `POST /api/auth/unlock`. */
function unlockRoutes(app: RouteApp, ctx: AppContext) {
  app.post(
    '/api/auth/unlock',
    {
      config: { guard: idEditors, rateLimit: loginRateLimit },
      schema: {
        tags,
        summary: 'Re-enter your password to change a device or gateway ID',
        description:
          'Answers a token valid for 10 minutes in this session only; send it as `unlockToken` with a PUT that changes `deviceId` or `gatewayId`. A wrong password is 403 "password didn\'t match"; after five wrong passwords from one client, that client waits (429 with Retry-After) 30 s, then twice as long after each further one, up to 15 minutes. Other clients of the same person are not slowed.',
        body: unlockBody,
        response: replies({ 200: unlockReply }),
      },
    },
    async (request) => ({
      data: await unlock.unlock(ctx, actorOf(request), request.body.password),
    }),
  );
}

export const authRoutes: FastifyPluginCallbackZod = (app) => {
  const { ctx } = app;
  sessionRoutes(app, ctx);
  enrolmentRoutes(app, ctx);
  passwordResetRoutes(app, ctx);
  unlockRoutes(app, ctx);
};
