import dayjs from 'dayjs';

/** The filters of the audit trail page; dates as the pickers hold them (YYYY-MM-DD HH:mm:ss, local). */
export interface AuditFilters {
  event: string | null;
  action: string | null;
  accountId: string | null;
  startDate: string | null;
  endDate: string | null;
  search: string;
}

export const emptyAuditFilters: AuditFilters = {
  event: null,
  action: null,
  accountId: null,
  startDate: null,
  endDate: null,
  search: '',
};

/** The pickers' format (spec platform 5). */
export const pickerFormat = 'YYYY-MM-DD HH:mm:ss';

/** A picker's local date-time as the API's ISO instant. */
export const toIso = (value: string | null) => (value ? dayjs(value).toISOString() : undefined);

/** Spec platform 5: an end before the start is refused before any search. */
export const rangeInverted = ({ startDate, endDate }: AuditFilters) =>
  startDate !== null && endDate !== null && dayjs(endDate).isBefore(dayjs(startDate));
