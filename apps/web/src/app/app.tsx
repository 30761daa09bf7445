import { Suspense, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { createQueryClient } from '../lib/query-client';
import { useOfflineWatcher } from './offline-watcher';
import { Providers } from './providers';
import { AppRoutes } from './routes';
import { useSessionSync } from './session-sync';

function Shell() {
  useSessionSync();
  useOfflineWatcher();
  // The signed-in shell is a chunk of its own: wait for it here, not by remounting the app.
  return (
    <Suspense fallback={<PageLoader />}>
      <AppRoutes />
    </Suspense>
  );
}

/**
 * The routes themselves are declared in `<AppRoutes>`; a data router around them lets a page
 * ask before it is left (the map with unsaved changes, `useBlocker`).
 *
 * Navigations are not React transitions: the page left is unmounted at once (the next one's
 * chunk loads behind the page loader), so an effect of the old page that writes its own URL
 * (the dashboard's selected device) cannot pull the browser back to it.
 */
function createRouter() {
  return createBrowserRouter([{ path: '*', element: <Shell /> }]);
}

/** The whole web app; `env="test"` turns off Mantine's transitions for component tests. */
export function App({ env = 'default' }: { env?: 'default' | 'test' }) {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createRouter);
  return (
    <Providers queryClient={queryClient} env={env}>
      <RouterProvider router={router} useTransitions={false} />
    </Providers>
  );
}
