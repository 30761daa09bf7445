import { vi } from 'vitest';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
}

export interface FakeReply {
  status?: number;
  body?: unknown;
}

type Route = FakeReply | ((request: FakeRequest) => FakeReply);

/**
 * A fake server at the fetch boundary: routes keyed "METHOD /path" answer with a status and a
 * JSON body; anything else is a 404 in the API's error format. Every request is recorded.
 */
export function fakeApi(routes: Record<string, Route>) {
  const requests: FakeRequest[] = [];
  const fetchFake = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://vigil.test');
    const request: FakeRequest = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      // A JSON body parsed; a FormData body (an upload) as it is.
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : (init?.body ?? undefined),
      headers: new Headers(init?.headers),
    };
    requests.push(request);
    const route = routes[`${request.method} ${request.path}`];
    const reply = typeof route === 'function' ? route(request) : route;
    const status = reply ? (reply.status ?? 200) : 404;
    const body = reply ? reply.body : { errors: [{ message: '404 not found', code: 'notFound' }] };
    return Promise.resolve(
      new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
  });
  vi.stubGlobal('fetch', fetchFake);
  return {
    requests,
    /** The requests made to "METHOD /path". */
    calls: (key: string) => requests.filter((r) => `${r.method} ${r.path}` === key),
  };
}

export const ok = (data: unknown): FakeReply => ({ status: 200, body: { data } });
export const fail = (status: number, message: string, code?: string, field?: string) => ({
  status,
  body: { errors: [{ message, code, field }] },
});
