import { Badge, Button, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconPhone, IconPhoneOff, IconRouter, IconTrash } from '@tabler/icons-react';
import type { AccountSummary } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { DataTable, hideBelow } from '../../../components/data-table';
import { RowActions } from '../../../components/row-actions';
import { formatDateTime } from '../../../lib/format';

export interface AccountActions {
  onVoiceCall: (account: AccountSummary) => void;
  onGateways: (account: AccountSummary) => void;
  onDelete: (account: AccountSummary) => void;
}

/** Spec platform 2, accounts page: every column, with the voice call button and the actions. */
export function AccountsTable({
  accounts,
  actions,
}: {
  accounts: AccountSummary[];
  actions: AccountActions;
}) {
  const { t } = useTranslation();
  return (
    <DataTable stickyActions>
      <Table
        striped
        highlightOnHover
        verticalSpacing="sm"
        horizontalSpacing="xs"
        fz="sm"
        data-testid="accounts-table"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th {...hideBelow('md')}>{t('accounts.columns.id')}</Table.Th>
            <Table.Th>{t('accounts.columns.companyName')}</Table.Th>
            <Table.Th {...hideBelow('sm')}>{t('accounts.columns.email')}</Table.Th>
            <Table.Th {...hideBelow('md')}>{t('accounts.columns.offlineAlarms')}</Table.Th>
            <Table.Th {...hideBelow('md')}>{t('accounts.columns.alarmSensorName')}</Table.Th>
            <Table.Th {...hideBelow('md')}>{t('accounts.columns.createdAt')}</Table.Th>
            <Table.Th>{t('accounts.columns.voiceCall')}</Table.Th>
            <Table.Th ta="right">{t('accounts.columns.action')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {accounts.map((account) => (
            <AccountRow key={account.id} account={account} actions={actions} />
          ))}
        </Table.Tbody>
      </Table>
    </DataTable>
  );
}

function AccountRow({ account, actions }: { account: AccountSummary; actions: AccountActions }) {
  const { t } = useTranslation();
  const deleted = account.status === 'disabled';
  return (
    <Table.Tr>
      <Table.Td {...hideBelow('md')}>
        <Text ff="monospace" fz="xs">
          {account.id}
        </Text>
      </Table.Td>
      <Table.Td>
        <CompanyName account={account} deleted={deleted} />
      </Table.Td>
      <Table.Td {...hideBelow('sm')}>{account.email}</Table.Td>
      <Table.Td {...hideBelow('md')}>
        <Badge color={account.offlineAlarmEnable === 1 ? 'teal' : 'gray'} variant="light">
          {account.offlineAlarmEnable === 1 ? t('accounts.enabled') : t('accounts.disabled')}
        </Badge>
      </Table.Td>
      <Table.Td {...hideBelow('md')}>
        {account.alarmSensorName || t('common.notAvailable')}
      </Table.Td>
      <Table.Td {...hideBelow('md')}>{formatDateTime(account.createdAt)}</Table.Td>
      <Table.Td>
        <VoiceCallButton account={account} deleted={deleted} actions={actions} />
      </Table.Td>
      <Table.Td>
        <RowActions
          actions={[
            {
              label: t('accounts.gatewaysOf', { name: account.companyName }),
              icon: IconRouter,
              onClick: () => {
                actions.onGateways(account);
              },
            },
            ...(deleted
              ? []
              : [
                  {
                    label: t('accounts.deleteAccount', { name: account.companyName }),
                    icon: IconTrash,
                    color: 'red',
                    onClick: () => {
                      actions.onDelete(account);
                    },
                  },
                ]),
          ]}
        />
      </Table.Td>
    </Table.Tr>
  );
}

/** The company, and until when a deleted account is kept. */
function CompanyName({ account, deleted }: { account: AccountSummary; deleted: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2} align="flex-start">
      <Text fz="sm" fw={500}>
        {account.companyName}
      </Text>
      {deleted && (
        <Badge color="red" variant="light" size="sm">
          {t('accounts.deletedUntil', { date: formatDateTime(account.purgeAfter) })}
        </Badge>
      )}
    </Stack>
  );
}

interface VoiceCallButtonProps {
  account: AccountSummary;
  deleted: boolean;
  actions: AccountActions;
}

/** The account's voice call, enabled or disabled: a click changes it (not for a deleted account). */
function VoiceCallButton({ account, deleted, actions }: VoiceCallButtonProps) {
  const { t } = useTranslation();
  return (
    <Button
      size="compact-sm"
      variant={account.voiceCall ? 'light' : 'default'}
      leftSection={account.voiceCall ? <IconPhone size={14} /> : <IconPhoneOff size={14} />}
      disabled={deleted}
      onClick={() => {
        actions.onVoiceCall(account);
      }}
    >
      {account.voiceCall ? t('accounts.enabled') : t('accounts.disabled')}
      {/* The name starts with the words shown (WCAG 2.5.3), then says whose it is. */}
      <VisuallyHidden component="span">
        , {t('accounts.voiceCallFor', { name: account.companyName })}
      </VisuallyHidden>
    </Button>
  );
}
