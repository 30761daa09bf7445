import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { onSignOut, reloadSession } from '../lib/session';

/**
 * After any sign-out (log out, or the 401 rule in the API client): forget every cached reply
 * and go to /login. A sign-in or sign-out in another tab is followed here too.
 */
export function useSessionSync(): void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onSignOut(() => {
        queryClient.clear();
        void navigate('/login', { replace: true });
      }),
    [navigate, queryClient],
  );
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === 'token' || event.key === null) reloadSession();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener('storage', onStorage);
    };
  }, []);
}
