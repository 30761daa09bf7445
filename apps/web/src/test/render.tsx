import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { App } from '../app/app';
import { createQueryClient } from '../lib/query-client';
import { theme } from '../lib/theme';

/** The whole app at `path`, as a browser would open it. */
export function renderApp(path: string) {
  window.history.replaceState(null, '', path);
  return render(<App env="test" />);
}

/** One feature component with the library providers and a router at `path`. */
export function renderWithProviders(ui: ReactElement, { path = '/', route = '*' } = {}) {
  const queryClient = createQueryClient();
  return render(
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={route} element={ui} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

/** Shows where the router is, so that a test can see a navigation happen. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}
