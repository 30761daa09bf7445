import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { languageReady } from './lib/i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

/** Spec platform 9: any service worker left by an earlier version is unregistered on start. */
function unregisterServiceWorkers() {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker
    .getRegistrations()
    .then((registrations) => Promise.all(registrations.map((r) => r.unregister())))
    .catch(() => undefined);
}

unregisterServiceWorkers();

const container = document.getElementById('app');
if (!container) throw new Error('index.html has no element with id "app"');
// The first paint is in the person's language: its texts (a chunk of their own) load first.
void languageReady.finally(() => {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
