import { useDebouncedCallback } from '@mantine/hooks';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { storage } from '../../../lib/storage';
import { useSaveDashboardPrefs, useServerDashboardPrefs } from '../api/dashboard-prefs';
import { defaultPrefs, parsePrefs, type GridPrefs } from './grid-layout';

/** Layouts, visibility and lock are kept per person (spec monitoring 2: per user email). */
export const prefsStorageKey = (email: string) => `dashboardLayouts:${email}`;

/** A drag produces many layout changes; the server hears the last one. */
export const saveDelayMs = 800;

function readLocal(email: string): GridPrefs | null {
  const stored = storage.get(prefsStorageKey(email));
  if (!stored) return null;
  try {
    return parsePrefs(JSON.parse(stored));
  } catch {
    return null;
  }
}

/**
 * The person's dashboard: the server's copy when it has one (so a dashboard follows its owner to
 * another browser), else the browser's, else the default. Every change is stored locally at once
 * and saved to the server after a pause.
 */
export function useDashboardPrefs(email: string) {
  const server = useServerDashboardPrefs();
  const save = useSaveDashboardPrefs();
  const [edited, setEdited] = useState<GridPrefs | null>(null);
  const fromServer = useMemo(() => (server.data ? parsePrefs(server.data) : null), [server.data]);
  const base = useMemo(() => fromServer ?? readLocal(email) ?? defaultPrefs(), [fromServer, email]);
  const prefs = edited ?? base;
  const saveLater = useDebouncedCallback((next: GridPrefs) => {
    save.mutate(next);
  }, saveDelayMs);

  // The server's copy becomes this browser's too.
  useEffect(() => {
    if (fromServer) storage.set(prefsStorageKey(email), JSON.stringify(fromServer));
  }, [fromServer, email]);

  useEffect(() => {
    if (!edited) return;
    storage.set(prefsStorageKey(email), JSON.stringify(edited));
    saveLater(edited);
  }, [edited, email, saveLater]);

  const update = useCallback(
    (change: (current: GridPrefs) => GridPrefs) => {
      setEdited((current) => {
        const before = current ?? base;
        const next = change(before);
        return next === before ? current : next;
      });
    },
    [base],
  );

  return { prefs, update, loading: server.isPending };
}
