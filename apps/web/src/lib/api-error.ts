import { messages } from '@vigil/contracts';
import { translateMessage } from './messages';

/** A failed API call: the HTTP status (0 when the server was not reached) and `errors[0]`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The message in the interface language. */
  get translated(): string {
    return translateMessage(this.message, this.code);
  }
}

interface ErrorEntry {
  message?: unknown;
  msg?: unknown;
  code?: unknown;
  field?: unknown;
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/** `errors[0]` of a failure body: message, or `msg` as the fallback (spec platform 8). */
export function apiErrorFrom(status: number, body: unknown): ApiError {
  const errors = (body as { errors?: unknown } | null)?.errors;
  const first = (Array.isArray(errors) ? errors[0] : undefined) as ErrorEntry | undefined;
  const message =
    text(first?.message) ??
    text(first?.msg) ??
    (status === 404 ? messages.notFound : messages.somethingWentWrong);
  return new ApiError(status, message, text(first?.code), text(first?.field));
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
