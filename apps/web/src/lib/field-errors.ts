import { messages } from '@vigil/contracts';
import { useState } from 'react';
import type { z } from 'zod';
import { isApiError } from './api-error';
import { errorText } from './forms';
import { translateMessage } from './messages';
import { notifyError } from './notify';

/** A complaint about one field: its path ('users.0', 'maxTemp') and a catalogue message. */
export interface FieldIssue {
  path: string;
  message: string;
}

/** The contracts schema's complaints about a payload, in order; none when it passes. */
export function schemaIssues(schema: z.ZodType, payload: unknown): FieldIssue[] {
  const result = schema.safeParse(payload);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message || messages.invalidRequest,
  }));
}

/** The shown field a path belongs to: itself or its parent ('users.0' -> 'users'). */
export function shownField<F extends string>(path: string, fields: readonly F[]): F | undefined {
  return fields.find((field) => path === field || path.startsWith(`${field}.`));
}

/**
 * Places complaints under the fields a form shows (the first per field). What belongs to no
 * shown field (a rule about the whole form, a 403) is returned for a toast.
 */
export function placeIssues<F extends string>(
  issues: readonly FieldIssue[],
  fields: readonly F[],
): { errors: Partial<Record<F, string>>; unplaced: string[] } {
  const errors: Partial<Record<F, string>> = {};
  const unplaced: string[] = [];
  for (const issue of issues) {
    const field = shownField(issue.path, fields);
    if (field) errors[field] ??= issue.message;
    else unplaced.push(issue.message);
  }
  return { errors, unplaced };
}

/**
 * Validation messages next to their fields for a form kept in React state (the forms on
 * Mantine's `useForm` use `validateWith` and `showServerError`): the client's own checks
 * through the contracts schema and the server's 400/409 answer (its `field`) land in the same
 * place. Messages stay English here and are translated when shown, so a language switch
 * re-translates them.
 */
export function useFieldErrors<F extends string>(fields: readonly F[]) {
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const show = (issues: readonly FieldIssue[]) => {
    const placed = placeIssues(issues, fields);
    setErrors(placed.errors);
    const [first] = placed.unplaced;
    if (first !== undefined && Object.keys(placed.errors).length === 0) {
      notifyError(translateMessage(first));
    }
  };
  return {
    /** The field's message in the interface language, for the input's `error` prop. */
    error: (field: F): string | undefined => errorText(errors[field]),
    /** Whether any field shows a message. */
    hasErrors: Object.values(errors).some(Boolean),
    /** Sets or clears one field's message (a client check of the form's own). */
    set: (field: F, message: string | undefined) => {
      setErrors((current) => ({ ...current, [field]: message }));
    },
    clear: (field: F) => {
      setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
    },
    /** Checks a payload against its contracts schema; true when it passes. */
    check: (schema: z.ZodType, payload: unknown): boolean => {
      const issues = schemaIssues(schema, payload);
      show(issues);
      return issues.length === 0;
    },
    /** Shows the given complaints (the form's own checks); true when there were none. */
    show: (issues: readonly FieldIssue[]): boolean => {
      show(issues);
      return issues.length === 0;
    },
    /** A failed save: under its field when the form shows it, else as a toast. */
    serverError: (error: unknown) => {
      if (!isApiError(error)) {
        notifyError(translateMessage(messages.somethingWentWrong));
        return;
      }
      const field = error.field === undefined ? undefined : shownField(error.field, fields);
      if (field) setErrors({ [field]: error.message } as Partial<Record<F, string>>);
      else notifyError(error.translated);
    },
  };
}

export type FieldErrors<F extends string> = ReturnType<typeof useFieldErrors<F>>;
