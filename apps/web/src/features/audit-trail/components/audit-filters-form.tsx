import { Button, Group, Paper, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconFileTypePdf, IconRefresh, IconSearch } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { messages } from '@vigil/contracts';
import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimeField } from '../../../components/date-time-field';
import { translateMessage } from '../../../lib/messages';
import { auditCodeLabel } from '../api/audit-codes';
import { emptyAuditFilters, rangeInverted, type AuditFilters } from '../api/audit-filters';
import { useAuditFacets } from '../api/audit-facets';
import { useAuditAccounts } from '../api/list-accounts';

interface AuditFiltersFormProps {
  /** The platform administrator chooses the account; an owner sees only their own. */
  showAccount: boolean;
  exporting: boolean;
  onSearch: (filters: AuditFilters) => void;
  onExport: (filters: AuditFilters) => void;
}

const options = (t: TFunction, kind: 'events' | 'actions', values: string[] | undefined) =>
  (values ?? []).map((value) => ({ value, label: auditCodeLabel(t, kind, value) }));

type SetFilter = <K extends keyof AuditFilters>(key: K, value: AuditFilters[K]) => void;

interface FilterPartProps {
  draft: AuditFilters;
  set: SetFilter;
}

/** Spec platform 2 and 5: event, action, start and end date (15-minute steps); search, reset, PDF. */
export function AuditFiltersForm(props: AuditFiltersFormProps) {
  const { showAccount, exporting, onSearch, onExport } = props;
  const { t } = useTranslation();
  const [draft, setDraft] = useState<AuditFilters>(emptyAuditFilters);
  const [rangeError, setRangeError] = useState(false);
  const set: SetFilter = (key, value) => {
    setDraft((current) => ({ ...current, [key]: value }));
  };
  /** Runs `then` with the filters unless the range is inverted (then only the message shows). */
  const checked = (then: (filters: AuditFilters) => void) => {
    const invalid = rangeInverted(draft);
    setRangeError(invalid);
    if (!invalid) then(draft);
  };
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    checked(onSearch);
  };
  const reset = () => {
    setDraft(emptyAuditFilters);
    setRangeError(false);
    onSearch(emptyAuditFilters);
  };
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }} mb="lg">
      <form onSubmit={submit} noValidate aria-label={t('auditTrail.filters.label')}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
            {showAccount && <AccountFilter draft={draft} set={set} />}
            <CodeFilters draft={draft} set={set} />
            <DateFilters draft={draft} set={set} rangeError={rangeError} />
            <TextInput
              label={t('auditTrail.filters.search')}
              placeholder={t('auditTrail.filters.searchPlaceholder')}
              type="search"
              value={draft.search}
              onChange={(event) => {
                set('search', event.currentTarget.value);
              }}
            />
          </SimpleGrid>
          <FilterButtons
            exporting={exporting}
            onReset={reset}
            onExport={() => {
              checked(onExport);
            }}
          />
        </Stack>
      </form>
    </Paper>
  );
}

/** The platform administrator's account filter. */
function AccountFilter({ draft, set }: FilterPartProps) {
  const { t } = useTranslation();
  const accounts = useAuditAccounts(true);
  return (
    <Select
      label={t('auditTrail.filters.account')}
      placeholder={t('auditTrail.filters.allAccounts')}
      clearable
      searchable
      data={(accounts.data ?? []).map((account) => ({
        value: account.id,
        label: account.companyName,
      }))}
      value={draft.accountId}
      onChange={(value) => {
        set('accountId', value);
      }}
    />
  );
}

/** The event and the action, from the codes the trail holds. */
function CodeFilters({ draft, set }: FilterPartProps) {
  const { t } = useTranslation();
  const facets = useAuditFacets();
  return (
    <>
      <Select
        label={t('auditTrail.filters.event')}
        placeholder={t('auditTrail.filters.any')}
        clearable
        searchable
        data={options(t, 'events', facets.data?.events)}
        value={draft.event}
        onChange={(value) => {
          set('event', value);
        }}
      />
      <Select
        label={t('auditTrail.filters.action')}
        placeholder={t('auditTrail.filters.any')}
        clearable
        searchable
        data={options(t, 'actions', facets.data?.actions)}
        value={draft.action}
        onChange={(value) => {
          set('action', value);
        }}
      />
    </>
  );
}

// Spec platform 5: the audit trail's pickers show yyyy-MM-dd HH:mm:ss.
const specFormat = { valueFormat: 'YYYY-MM-DD HH:mm:ss', withSeconds: true };

/** The start and end dates; an end before the start is said under the end. */
function DateFilters({ draft, set, rangeError }: FilterPartProps & { rangeError: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <DateTimeField
        {...specFormat}
        label={t('auditTrail.filters.startDate')}
        placeholder={t('auditTrail.filters.datePlaceholder')}
        value={draft.startDate}
        onChange={(value) => {
          set('startDate', value);
        }}
      />
      <DateTimeField
        {...specFormat}
        label={t('auditTrail.filters.endDate')}
        placeholder={t('auditTrail.filters.datePlaceholder')}
        value={draft.endDate}
        error={rangeError ? translateMessage(messages.dateRangeInvalid) : undefined}
        onChange={(value) => {
          set('endDate', value);
        }}
      />
    </>
  );
}

interface FilterButtonsProps {
  exporting: boolean;
  onReset: () => void;
  onExport: () => void;
}

/** Reset, the PDF of what the filters match, and Search (the form's submit). */
function FilterButtons({ exporting, onReset, onExport }: FilterButtonsProps) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" justify="flex-end" wrap="wrap">
      <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={onReset}>
        {t('auditTrail.filters.reset')}
      </Button>
      <Button
        variant="default"
        leftSection={<IconFileTypePdf size={16} />}
        loading={exporting}
        onClick={onExport}
      >
        {t('auditTrail.filters.downloadPdf')}
      </Button>
      <Button type="submit" leftSection={<IconSearch size={16} />}>
        {t('auditTrail.filters.searchButton')}
      </Button>
    </Group>
  );
}
