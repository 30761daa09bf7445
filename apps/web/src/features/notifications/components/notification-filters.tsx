import {
  Button,
  Group,
  Input,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { IconRefresh, IconSearch } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { messages } from '@vigil/contracts';
import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimeField } from '../../../components/date-time-field';
import { translateMessage } from '../../../lib/messages';
import { useAccounts } from '../api/list-accounts';
import { emptyFilters, type NotificationFilters } from '../api/list-notifications';

interface NotificationFiltersProps {
  /** The platform administrator filters by account; an owner sees only their own. */
  showAccount: boolean;
  onSearch: (filters: NotificationFilters) => void;
}

type SetFilter = <K extends keyof NotificationFilters>(
  key: K,
  value: NotificationFilters[K],
) => void;

interface FilterPartProps {
  draft: NotificationFilters;
  set: SetFilter;
}

/** Spec platform 2: email, phone, content, kind, account, start and end date; search and reset. */
export function NotificationFiltersForm({ showAccount, onSearch }: NotificationFiltersProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<NotificationFilters>(emptyFilters);
  const [rangeError, setRangeError] = useState(false);
  const set: SetFilter = (key, value) => {
    setDraft((current) => ({ ...current, [key]: value }));
  };
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const invalid =
      draft.startDate !== '' &&
      draft.endDate !== '' &&
      dayjs(draft.endDate).isBefore(dayjs(draft.startDate));
    setRangeError(invalid);
    if (!invalid) onSearch(draft);
  };
  const reset = () => {
    setDraft(emptyFilters);
    setRangeError(false);
    onSearch(emptyFilters);
  };
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }} mb="lg">
      <form onSubmit={submit} noValidate aria-label={t('notifications.filters.label')}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
            <TextFilters draft={draft} set={set} />
            {showAccount && <AccountFilter draft={draft} set={set} />}
            <DateFilters draft={draft} set={set} rangeError={rangeError} />
          </SimpleGrid>
          <KindFilter draft={draft} set={set} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={reset}>
              {t('notifications.filters.reset')}
            </Button>
            <Button type="submit" leftSection={<IconSearch size={16} />}>
              {t('notifications.filters.search')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** Email, phone and content: searched as typed. */
function TextFilters({ draft, set }: FilterPartProps) {
  const { t } = useTranslation();
  return (
    <>
      <TextInput
        label={t('notifications.filters.email')}
        type="search"
        value={draft.email}
        onChange={(event) => {
          set('email', event.currentTarget.value);
        }}
      />
      <TextInput
        label={t('notifications.filters.phone')}
        type="search"
        value={draft.phone}
        onChange={(event) => {
          set('phone', event.currentTarget.value);
        }}
      />
      <TextInput
        label={t('notifications.filters.text')}
        type="search"
        value={draft.text}
        onChange={(event) => {
          set('text', event.currentTarget.value);
        }}
      />
    </>
  );
}

/** The platform administrator's account filter. */
function AccountFilter({ draft, set }: FilterPartProps) {
  const { t } = useTranslation();
  const accounts = useAccounts(true);
  return (
    <Select
      label={t('notifications.filters.account')}
      placeholder={t('notifications.filters.allAccounts')}
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

/** The start and end dates; an end before the start is said under the end. */
function DateFilters({ draft, set, rangeError }: FilterPartProps & { rangeError: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <DateTimeField
        label={t('notifications.filters.startDate')}
        value={draft.startDate || null}
        onChange={(value) => {
          set('startDate', value ?? '');
        }}
      />
      <DateTimeField
        label={t('notifications.filters.endDate')}
        value={draft.endDate || null}
        error={rangeError ? translateMessage(messages.dateRangeInvalid) : undefined}
        onChange={(value) => {
          set('endDate', value ?? '');
        }}
      />
    </>
  );
}

/** Email, SMS or both. */
function KindFilter({ draft, set }: FilterPartProps) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Input.Label labelElement="div" id="notification-kind">
        {t('notifications.filters.kind')}
      </Input.Label>
      <SegmentedControl
        aria-labelledby="notification-kind"
        maw={360}
        value={draft.isSms}
        onChange={(value) => {
          set('isSms', value);
        }}
        data={[
          { value: '-1', label: t('notifications.kinds.both') },
          { value: '0', label: t('notifications.kinds.email') },
          { value: '1', label: t('notifications.kinds.sms') },
        ]}
      />
    </Stack>
  );
}
