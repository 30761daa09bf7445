import { Suspense, useState } from 'react';
import { PageLoader } from '../components/page-loader';
import { BrowserRouter } from 'react-router';
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

/** The whole web app; `env="test"` turns off Mantine's transitions for component tests. */
export function App({ env = 'default' }: { env?: 'default' | 'test' }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <Providers queryClient={queryClient} env={env}>
      <BrowserRouter>
        <Shell />
      </BrowserRouter>
    </Providers>
  );
}
