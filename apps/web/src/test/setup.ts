import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { i18n } from '../lib/i18n';
import { reloadSession } from '../lib/session';

// Browser APIs Mantine uses that jsdom does not have.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }),
});
class ResizeObserverStub {
  observe() {
    return undefined;
  }
  unobserve() {
    return undefined;
  }
  disconnect() {
    return undefined;
  }
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = () => undefined;

// Lazy routes load their chunks on first use: under a loaded machine that takes longer than
// testing-library's 1 s default for findBy/waitFor.
configure({ asyncUtilTimeout: 5000 });

afterEach(async () => {
  cleanup();
  // The toast store outlives a render: one test's toasts must not queue ahead of the next's.
  notifications.clean();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  reloadSession();
  window.history.replaceState(null, '', '/');
  await i18n.changeLanguage('en');
});
