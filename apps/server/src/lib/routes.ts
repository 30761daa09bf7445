import { errorReply } from '@vigil/contracts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Guard } from '../plugins/guard.js';

export const publicRoute: Guard = { public: true };

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
