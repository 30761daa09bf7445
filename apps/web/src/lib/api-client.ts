import { messages } from '@vigil/contracts';
import type { z } from 'zod';
import { ApiError, apiErrorFrom } from './api-error';
import { i18n } from './i18n';
import { notifyError } from './notify';
import { getSession, signOut } from './session';

/** Every reply is `{ data }` (DESIGN 5); the client hands back `data`. */
type Envelope = z.ZodType<{ data: unknown }>;
export type ReplyData<S extends Envelope> = z.output<S>['data'];

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** A call made signed out (sign-in, sign-up, reset...): no token, and a 401 is its own answer. */
  public?: boolean;
  /** The caller shows this failure itself (inline, or as a page state): no error toast. */
  silent?: boolean | ((error: ApiError) => boolean);
  signal?: AbortSignal;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

function urlOf(path: string, query: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

function headersFor(options: RequestOptions, accept = 'application/json'): Headers {
  const headers = new Headers({ Accept: accept });
  // A FormData body (a file upload) sets its own multipart Content-Type with the boundary.
  if (options.body !== undefined && !(options.body instanceof FormData))
    headers.set('Content-Type', 'application/json');
  const token = getSession()?.token;
  if (!options.public && token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

/** The 401 rule, once for the whole app (spec platform 8): toast, then sign out. */
function sessionExpired(): void {
  if (!getSession()) return;
  notifyError(i18n.t('errors.unauthorized'));
  signOut('expired');
}

function report(error: ApiError, options: RequestOptions): void {
  const silent = typeof options.silent === 'function' ? options.silent(error) : options.silent;
  if (silent) return;
  // While offline the persistent offline toast already says what is wrong.
  if (error.status === 0 && typeof navigator !== 'undefined' && !navigator.onLine) return;
  notifyError(error.translated);
}

async function send(
  method: Method,
  path: string,
  options: RequestOptions,
  accept?: string,
): Promise<Response> {
  try {
    return await fetch(urlOf(path, options.query), {
      method,
      headers: headersFor(options, accept),
      body:
        options.body === undefined
          ? undefined
          : options.body instanceof FormData
            ? options.body
            : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, messages.somethingWentWrong);
  }
}

const readJson = (response: Response): Promise<unknown> =>
  response.json().catch(() => undefined) as Promise<unknown>;

async function request<S extends Envelope>(
  method: Method,
  path: string,
  schema: S,
  options: RequestOptions = {},
): Promise<ReplyData<S>> {
  let error: ApiError;
  try {
    const response = await send(method, path, options);
    const body = await readJson(response);
    // A query cancelled while its body was read (a refetch replaced it): not a failure to report.
    options.signal?.throwIfAborted();
    if (response.ok) {
      const parsed = schema.safeParse(body);
      if (parsed.success) return (parsed.data as { data: ReplyData<S> }).data;
      console.error(`${method} ${path}: the reply does not match its contract`, parsed.error);
      error = new ApiError(response.status, messages.somethingWentWrong);
    } else {
      error = apiErrorFrom(response.status, body);
      if (error.status === 401 && !options.public) {
        sessionExpired();
        throw error;
      }
    }
  } catch (cause) {
    if (!(cause instanceof ApiError) || cause.status === 401) throw cause;
    error = cause;
  }
  report(error, options);
  throw error;
}

/** A file the server sends as it is (a CSV download): its body, failures handled as above. */
async function download(path: string, options: RequestOptions = {}): Promise<Blob> {
  let error: ApiError;
  try {
    const response = await send('GET', path, options, '*/*');
    if (response.ok) return await response.blob();
    error = apiErrorFrom(response.status, await readJson(response));
    if (error.status === 401 && !options.public) {
      sessionExpired();
      throw error;
    }
  } catch (cause) {
    if (!(cause instanceof ApiError) || cause.status === 401) throw cause;
    error = cause;
  }
  report(error, options);
  throw error;
}

/** The one typed client of the API (STYLE 10). Replies are checked against their contract. */
export const api = {
  get: <S extends Envelope>(path: string, schema: S, options?: RequestOptions) =>
    request('GET', path, schema, options),
  post: <S extends Envelope>(path: string, schema: S, options?: RequestOptions) =>
    request('POST', path, schema, options),
  put: <S extends Envelope>(path: string, schema: S, options?: RequestOptions) =>
    request('PUT', path, schema, options),
  patch: <S extends Envelope>(path: string, schema: S, options?: RequestOptions) =>
    request('PATCH', path, schema, options),
  delete: <S extends Envelope>(path: string, schema: S, options?: RequestOptions) =>
    request('DELETE', path, schema, options),
  download,
};
