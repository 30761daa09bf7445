import { useEffect } from 'react';
import { hideOffline, showOffline } from '../lib/notify';

/** Spec platform 2: a persistent toast while offline; the page reloads when the connection returns. */
export function useOfflineWatcher(): void {
  useEffect(() => {
    const offline = () => {
      showOffline();
    };
    const online = () => {
      hideOffline();
      window.location.reload();
    };
    if (!navigator.onLine) offline();
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, []);
}
