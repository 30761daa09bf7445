/** A door sensor's `d` (spec monitoring 3): 1 open, 0 closed; 2 (unknown) and others change nothing. */
export const doorOpen = 1;
export const doorClosed = 0;

/** A stored reading of a door sensor. */
export type DoorSample = { tsMs: number; d: number; usr: string | null };

/** The device's most recent door event (by opening time), if any. */
export type LatestDoorEvent = { id: string; openedAt: number; closedAt: number | null };

export type DoorChanges = {
  /** Openings to insert, oldest first; `closedAt` is set when the same readings closed it. */
  openings: { openedAt: number; closedAt: number | null; usr: string | null }[];
  /** The open event (`latest`) closed by these readings. */
  close?: { id: string; closedAt: number };
};

/**
 * What a device's readings change in its door events, given the latest event. Readings at or
 * before the latest event's last change (its closing, or its opening while open) are history
 * already accounted for: a duplicate or a late reading there is ignored, so that applying the
 * same readings twice changes nothing and a late reading never rewrites a known opening.
 */
export function doorTransitions(latest: LatestDoorEvent | null, samples: DoorSample[]) {
  const changes: DoorChanges = { openings: [] };
  let boundary = latest ? (latest.closedAt ?? latest.openedAt) : Number.NEGATIVE_INFINITY;
  let open = latest !== null && latest.closedAt === null;
  const sorted = [...samples].sort((a, b) => a.tsMs - b.tsMs);
  for (const sample of sorted) {
    if (sample.tsMs <= boundary) continue;
    boundary = sample.tsMs;
    if (sample.d === doorOpen && !open) {
      changes.openings.push({ openedAt: sample.tsMs, closedAt: null, usr: sample.usr });
      open = true;
    } else if (sample.d === doorClosed && open) {
      const opening = changes.openings.at(-1);
      if (opening) opening.closedAt = sample.tsMs;
      else if (latest) changes.close = { id: latest.id, closedAt: sample.tsMs };
      open = false;
    }
  }
  return changes;
}
