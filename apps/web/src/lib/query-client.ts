import { QueryClient } from '@tanstack/react-query';
import { isApiError, type ApiError } from './api-error';

declare module '@tanstack/react-query' {
  interface Register {
    /** Every request goes through the API client, which fails with an ApiError. */
    defaultError: ApiError;
  }
}

/** Client errors (4xx) are answers, not hiccups: only network and server failures are retried. */
const shouldRetry = (failureCount: number, error: unknown) =>
  failureCount < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500);

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
