import type { ReportType } from '@vigil/contracts';
import { useState } from 'react';
import { storage } from '../../../lib/storage';

/** Spec monitoring 3: the local preference 'report type', 0 environment, 1 optional. */
export const reportTypeStorageKey = 'reportType';

export const typeByCode: Record<string, ReportType> = { '0': 'normal', '1': 'optional' };
export const codeOfType: Record<ReportType, string> = { normal: '0', optional: '1' };

/** The stored report type, environment when none (or something else) is stored. */
export function storedReportType(): ReportType {
  return typeByCode[storage.get(reportTypeStorageKey) ?? ''] ?? 'normal';
}

/** The chosen report type, restored on load and remembered on every change. */
export function useReportType(): [ReportType, (type: ReportType) => void] {
  const [type, setType] = useState(storedReportType);
  const choose = (next: ReportType) => {
    setType(next);
    storage.set(reportTypeStorageKey, codeOfType[next]);
  };
  return [type, choose];
}
