import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage, i18n } from '../../../lib/i18n';
import { auditCodeLabel } from './audit-codes';

describe('audit code labels', () => {
  afterEach(async () => {
    await changeLanguage('en');
  });

  it('names events and actions in the reader’s language', async () => {
    expect(auditCodeLabel(i18n.t, 'events', 'message template')).toBe('Message template');
    expect(auditCodeLabel(i18n.t, 'actions', 'acknowledge')).toBe('Acknowledge');
    await changeLanguage('de');
    expect(auditCodeLabel(i18n.t, 'actions', 'acknowledge')).toBe('Quittierung');
    await changeLanguage('pl');
    expect(auditCodeLabel(i18n.t, 'events', 'alertProfile')).toBe('Profil alertów');
  });

  it('shows a code it has no label for as stored', () => {
    expect(auditCodeLabel(i18n.t, 'actions', 'calibrate')).toBe('calibrate');
  });
});
