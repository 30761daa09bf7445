import type { TFunction } from 'i18next';

/**
 * The audit trail stores stable codes (`event` 'alarm', `action` 'acknowledge'); people read
 * them in their language. A code without a label yet (added by a newer server) shows as stored.
 */
export const auditCodeLabel = (t: TFunction, kind: 'events' | 'actions', code: string): string =>
  t(`auditTrail.codes.${kind}.${code}`, { defaultValue: code });
