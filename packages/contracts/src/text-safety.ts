import { z } from 'zod';
import { messages } from './messages.js';

/**
 * The path of the first string (or object key) in `value` that holds a NUL character, else
 * undefined. PostgreSQL text and JSON cannot store NUL, so such input is refused as bad before
 * it reaches a query. Walks with its own stack: a deeply nested body cannot overflow it.
 */
export function nulTextPath(value: unknown): (string | number)[] | undefined {
  // Each item points at its parent instead of copying its path, so a body nested thousands
  // deep costs time in proportion to its size.
  type Item = { value: unknown; key: string | number; parent: Item | undefined };
  const pathOf = (item: Item | undefined): (string | number)[] => {
    const path: (string | number)[] = [];
    for (let at = item; at?.parent; at = at.parent) path.push(at.key);
    return path.reverse();
  };
  const stack: Item[] = [{ value, key: '', parent: undefined }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const current = item.value;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return pathOf(item);
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index--)
        stack.push({ value: current[index], key: index, parent: item });
    } else if (typeof current === 'object' && current !== null) {
      const entries = Object.entries(current);
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, child] = entries[index] as [string, unknown];
        const node = { value: child, key, parent: item };
        if (key.includes('\u0000')) return pathOf(node);
        stack.push(node);
      }
    }
  }
  return undefined;
}

/**
 * `schema` behind the rule every text of a request follows: no NUL character anywhere. The
 * server applies it once to every route's body, query, params and headers (its validator
 * compiler); a NUL gives 400 `textHasNul` naming the field, and the route's own schema never runs.
 */
export function withoutNulText<T extends z.ZodType>(schema: T) {
  return z
    .unknown()
    .superRefine((value, context) => {
      const path = nulTextPath(value);
      if (path)
        context.addIssue({ code: 'custom', message: messages.textHasNul, path, input: value });
    })
    .pipe(schema);
}

/** The rule for texts that arrive outside a schema (multipart fields, file names). */
export const hasNul = (text: string) => text.includes('\u0000');
