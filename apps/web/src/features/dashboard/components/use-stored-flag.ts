import { useState } from 'react';
import { storage } from '../../../lib/storage';

/** A yes/no choice remembered in local storage under `key` ('true' / 'false'). */
export function useStoredFlag(key: string): [boolean, (value: boolean) => void] {
  const [value, setValue] = useState(() => storage.get(key) === 'true');
  const set = (next: boolean) => {
    setValue(next);
    storage.set(key, String(next));
  };
  return [value, set];
}
