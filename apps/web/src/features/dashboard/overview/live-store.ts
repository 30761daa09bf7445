import type { Reading } from '@vigil/contracts';
import { useState, useSyncExternalStore } from 'react';
import { useLiveChannel, useLiveEvent } from '../../../lib/socket';

export interface LiveState {
  reading?: Reading;
  status?: 'active' | 'inactive';
  lastSeenAt?: string | null;
}

/**
 * The overview's live readings and statuses, per device: a tile subscribes to its own device,
 * so that a reading re-renders one tile, not hundreds.
 */
export class OverviewLiveStore {
  private readonly states = new Map<string, LiveState>();
  private readonly listeners = new Map<string, Set<() => void>>();

  get(id: string): LiveState | undefined {
    return this.states.get(id);
  }

  update(id: string, patch: LiveState): void {
    const current = this.states.get(id) ?? {};
    // A late reading (a gateway catching up) is history, not the current value.
    if (patch.reading && current.reading && patch.reading.createdAt < current.reading.createdAt)
      return;
    this.states.set(id, { ...current, ...patch });
    for (const listener of this.listeners.get(id) ?? []) listener();
  }

  subscribe(id: string, listener: () => void): () => void {
    const set = this.listeners.get(id) ?? new Set();
    this.listeners.set(id, set);
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  }
}

/** The overview socket (`overview=1`) feeding a store for as long as the view is shown. */
export function useOverviewLive(): OverviewLiveStore {
  const [store] = useState(() => new OverviewLiveStore());
  const channel = useLiveChannel({ overview: true });
  useLiveEvent(channel, 'overviewData', (event) => {
    store.update(event.id, { reading: event.reading, status: 'active' });
  });
  useLiveEvent(channel, 'deviceStatus', (event) => {
    store.update(event.id, { status: event.status, lastSeenAt: event.lastSeenAt });
  });
  return store;
}

export function useLiveState(store: OverviewLiveStore, id: string): LiveState | undefined {
  return useSyncExternalStore(
    (listener) => store.subscribe(id, listener),
    () => store.get(id),
  );
}
