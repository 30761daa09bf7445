import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-error';

/** Spec monitoring 5: inline location and device names are 3 to 50 characters. */
export const inlineName = { min: 3, max: 50 } as const;

/** The state of an inline rename: editing or not, the typed value, its error, and save or cancel. */
export function useInlineRename(name: string, onSave: (name: string) => Promise<unknown>) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(name);
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);

  const start = () => {
    setValue(name);
    setEditing(true);
  };
  const change = (next: string) => {
    setValue(next);
    setError(undefined);
  };
  const cancel = () => {
    setEditing(false);
    setError(undefined);
  };
  const save = async () => {
    const trimmed = value.trim();
    if (trimmed.length < inlineName.min) {
      setError(t('dashboard.locations.nameTooShort', { min: inlineName.min }));
      return;
    }
    if (trimmed.length > inlineName.max) {
      setError(t('dashboard.locations.nameTooLong', { max: inlineName.max }));
      return;
    }
    if (trimmed === name) {
      cancel();
      return;
    }
    setSaving(true);
    try {
      await onSave(trimmed);
      cancel();
    } catch (cause) {
      setError(isApiError(cause) ? cause.translated : t('errors.somethingWentWrong'));
    } finally {
      setSaving(false);
    }
  };
  return { editing, value, error, saving, start, change, cancel, save };
}
