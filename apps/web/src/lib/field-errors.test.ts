import { act, renderHook } from '@testing-library/react';
import { messages } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from './api-error';
import { placeIssues, schemaIssues, shownField, useFieldErrors } from './field-errors';

const schema = z.object({
  name: z.string().min(1, { error: messages.alarmNameRequired }),
  users: z.array(z.email({ error: messages.alarmUserInvalid })),
});

describe('field errors', () => {
  it('lists a schema’s complaints with their paths', () => {
    expect(schemaIssues(schema, { name: '', users: ['ok@lab.test', 'bad'] })).toEqual([
      { path: 'name', message: messages.alarmNameRequired },
      { path: 'users.1', message: messages.alarmUserInvalid },
    ]);
    expect(schemaIssues(schema, { name: 'A', users: [] })).toEqual([]);
  });

  it('places a complaint under the field it belongs to, else leaves it for a toast', () => {
    expect(shownField('users.1', ['name', 'users'])).toBe('users');
    expect(shownField('username', ['name', 'users'])).toBeUndefined();
    expect(
      placeIssues(
        [
          { path: 'name', message: 'first' },
          { path: 'name', message: 'second' },
          { path: 'offset', message: 'elsewhere' },
        ],
        ['name'],
      ),
    ).toEqual({ errors: { name: 'first' }, unplaced: ['elsewhere'] });
  });

  it('shows the client’s checks and the server’s 400 next to their fields', () => {
    const { result } = renderHook(() => useFieldErrors(['name', 'users']));
    let passed = true;
    act(() => {
      passed = result.current.check(schema, { name: '', users: ['bad'] });
    });
    expect(passed).toBe(false);
    expect(result.current.error('name')).toBe(messages.alarmNameRequired);
    expect(result.current.error('users')).toBe(messages.alarmUserInvalid);
    act(() => {
      result.current.clear('name');
    });
    expect(result.current.error('name')).toBeUndefined();
    expect(result.current.hasErrors).toBe(true);

    act(() => {
      result.current.serverError(
        new ApiError(400, messages.alarmUserDuplicate, 'alarmUserDuplicate', 'users.0'),
      );
    });
    expect(result.current.error('users')).toBe(messages.alarmUserDuplicate);
    expect(result.current.error('name')).toBeUndefined();
  });
});
