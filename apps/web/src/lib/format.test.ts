import { describe, expect, it } from 'vitest';
import { dateTimeFormat, formatDate, formatDateTime, formatTick } from './format';
import { changeLanguage } from './i18n';

const afternoon = new Date(2026, 10, 24, 14, 5);

describe('dates in the person’s language', () => {
  it('uses a day-first date and a 24-hour clock in English, Polish and German', async () => {
    expect(formatDateTime(afternoon.toISOString())).toBe('24/11/2026, 14:05');
    expect(formatTick(afternoon, 600, true)).toBe('14:05\n24/11/2026');
    await changeLanguage('pl');
    expect(formatDateTime(afternoon.toISOString())).toBe('24.11.2026, 14:05');
    expect(formatTick(afternoon, 86_400, false)).toBe('24.11.2026');
    await changeLanguage('de');
    expect(formatDate(afternoon.toISOString())).toBe('24.11.26');
    expect(formatTick(afternoon, 600, false)).toBe('14:05');
  });

  it('makes one formatter per language and style, and a new one for another language', async () => {
    const english = dateTimeFormat('date');
    expect(dateTimeFormat('date')).toBe(english);
    expect(dateTimeFormat('date', 'Pacific/Auckland')).not.toBe(english);
    await changeLanguage('pl');
    expect(dateTimeFormat('date')).not.toBe(english);
    expect(dateTimeFormat('date').resolvedOptions().locale).toBe('pl-PL');
  });
});
