import { useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { translateMessage } from '../../../lib/messages';
import { notifyError, notifySuccess } from '../../../lib/notify';

/** Spec monitoring 9: submit stays locked 2 s; after success the modal closes 1 s later. */
export const saveLockMs = 2000;
export const closeAfterMs = 1000;

/**
 * The contracts schema's first complaint about a payload, shown as an error toast in the
 * interface language (spec monitoring 8); true when the payload passes.
 */
export function passes(schema: z.ZodType, payload: unknown): boolean {
  const result = schema.safeParse(payload);
  if (result.success) return true;
  notifyError(translateMessage(result.error.issues[0]?.message ?? ''));
  return false;
}

/** Runs a save with the 2 s lock, then shows the success text and closes after 1 s. */
export function useSaveFlow(onClose: () => void) {
  const [locked, setLocked] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const timers = useRef<number[]>([]);
  useEffect(
    () => () => {
      for (const timer of timers.current) window.clearTimeout(timer);
    },
    [],
  );
  const later = (fn: () => void, ms: number) => {
    timers.current.push(window.setTimeout(fn, ms));
  };
  const run = (save: () => Promise<unknown>, successText: string) => {
    if (locked) return;
    setLocked(true);
    later(() => {
      setLocked(false);
    }, saveLockMs);
    save().then(
      () => {
        setSaved(successText);
        notifySuccess(successText);
        later(onClose, closeAfterMs);
      },
      // The API client has shown the server's message as a toast already.
      () => undefined,
    );
  };
  return { locked, saved, run };
}
