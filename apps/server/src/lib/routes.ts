import { errorReply } from '@vigil/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Guard } from './scope.js';

export const publicRoute: Guard = { public: true };

/**
 * The app as a domain's route plugin receives it (with the zod type provider), for the small
 * functions that each register one group of that domain's routes.
 */
export type RouteApp = Parameters<FastifyPluginCallbackZod>[0];

/** A route's replies: its success schemas plus the error envelope for every failure status. */
export function replies<T extends Record<number, z.ZodType>>(success: T) {
  return {
    ...success,
    400: errorReply,
    401: errorReply,
    403: errorReply,
    404: errorReply,
    409: errorReply,
    429: errorReply,
  };
}

export function requestInfo(request: FastifyRequest) {
  return { ip: request.ip, userAgent: request.headers['user-agent']?.slice(0, 300) ?? null };
}
