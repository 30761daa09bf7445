import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';

/** Navigates to `path` `delayMs` after `schedule()` (spec: 1 s after sign-up, 2 s after reset). */
export function useRedirectAfter(path: string, delayMs: number) {
  const navigate = useNavigate();
  const timer = useRef<number | undefined>(undefined);
  useEffect(
    () => () => {
      window.clearTimeout(timer.current);
    },
    [],
  );
  return () => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      void navigate(path, { replace: true });
    }, delayMs);
  };
}
