import type { ReportType } from '@vigil/contracts';

/** This feature's query keys. */
export const reportKeys = {
  all: ['reports'] as const,
  lists: ['reports', 'list'] as const,
  list: (type: ReportType, page: number) => ['reports', 'list', { type, page }] as const,
  runs: (reportId: string) => ['reports', 'runs', reportId] as const,
  options: ['reports', 'options'] as const,
};
