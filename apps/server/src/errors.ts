import { messages, type MessageCode } from '@vigil/contracts';

/** An error with an HTTP status and a catalogue message; the error handler turns it into `{ errors }`. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: MessageCode,
    readonly field?: string,
  ) {
    super(messages[code]);
    this.name = 'AppError';
  }
}

export const notFound = () => new AppError(404, 'notFound');
export const forbidden = () => new AppError(403, 'forbidden');
export const unauthorized = () => new AppError(401, 'unauthorized');
export const badRequest = (code: MessageCode, field?: string) => new AppError(400, code, field);
export const conflict = (code: MessageCode, field?: string) => new AppError(409, code, field);

/** 429 with the seconds to wait, sent as `Retry-After`. */
export class ThrottledError extends AppError {
  constructor(
    code: MessageCode,
    readonly retryAfterSeconds: number,
  ) {
    super(429, code);
    this.name = 'ThrottledError';
  }
}
