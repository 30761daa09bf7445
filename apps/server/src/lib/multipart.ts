import { hasNul } from '@vigil/contracts';
import { AppError, badRequest } from '../errors.js';

/** @fastify/multipart's refusals of a body that is the client's fault. */
const clientFaultCodes = new Set([
  'FST_PROTO_VIOLATION',
  'FST_MP_PREMATURE_CLOSE',
  'FST_INVALID_JSON_FIELD_ERROR',
]);

/** busboy's words for a body it cannot read: cut short, no boundary, a broken part header. */
const unreadableBody = /multipart|boundary|malformed|unexpected end|terminated early/i;

/**
 * Whether an error thrown while reading a multipart body means the body was bad: cut off,
 * not multipart, a broken header, or the client went away. Errors of our own (an AppError, a
 * full disk) are not: those keep their own status.
 */
export function isBadMultipartBody(error: unknown): boolean {
  if (error instanceof AppError || !(error instanceof Error)) return false;
  const { code } = error as { code?: string };
  if (code && clientFaultCodes.has(code)) return true;
  if (code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE') return true;
  return code === undefined && unreadableBody.test(error.message);
}

/** 400 `uploadIncomplete` for a bad body; anything else as it was. */
export function uploadFailure(error: unknown): unknown {
  return isBadMultipartBody(error) ? badRequest('uploadIncomplete') : error;
}

/** A multipart field or file name is text like any other: no NUL (contracts' rule). */
export function refuseNul(text: string, field: string): string {
  if (hasNul(text)) throw badRequest('textHasNul', field);
  return text;
}
