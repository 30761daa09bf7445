import { useEffect, useRef, useState } from 'react';
import { notifySuccess } from '../../../lib/notify';

/** Spec monitoring 9: submit stays locked 2 s; after success the modal closes 1 s later. */
export const saveLockMs = 2000;
export const closeAfterMs = 1000;

/**
 * Runs a save with the 2 s lock, then shows the success text and closes after 1 s; a refusal
 * goes to `onError` (the form shows it next to its field).
 */
export function useSaveFlow(onClose: () => void, onError: (error: unknown) => void) {
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
    save().then(() => {
      setSaved(successText);
      notifySuccess(successText);
      later(onClose, closeAfterMs);
    }, onError);
  };
  return { locked, saved, run };
}
