import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, Route, RouterProvider, Routes, useLocation } from 'react-router';
import { App } from '../app/app';
import { createQueryClient } from '../lib/query-client';
import { theme } from '../lib/theme';

/** The whole app at `path`, as a browser would open it. */
export function renderApp(path: string) {
  window.history.replaceState(null, '', path);
  return render(<App env="test" />);
}

/** One feature component with the library providers and a (data) router at `path`. */
export function renderWithProviders(ui: ReactElement, { path = '/', route = '*' } = {}) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <Routes>
              <Route path={route} element={ui} />
            </Routes>
            <LocationProbe />
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  return render(
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} useTransitions={false} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

/** Shows where the router is, so that a test can see a navigation happen. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}
