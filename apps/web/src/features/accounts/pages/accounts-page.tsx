import { Center, Loader, Paper, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { AccountSummary } from '@vigil/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { RefreshButton } from '../../../components/refresh-button';
import { accountsKey, useAccounts } from '../api/list-accounts';
import { AccountsTable } from '../components/accounts-table';
import { AssociatedGatewaysModal } from '../modals/associated-gateways-modal';
import { DeleteAccountModal } from '../modals/delete-account-modal';
import { EditVoiceCallModal } from '../modals/edit-voice-call-modal';

type Open = { modal: 'voiceCall' | 'gateways' | 'delete'; account: AccountSummary } | null;

/** /accounts (super_admin): every account, unpaged, with voice call, gateways and delete. */
export default function AccountsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const accounts = useAccounts();
  const [open, setOpen] = useState<Open>(null);
  const close = () => {
    setOpen(null);
  };
  const accountFor = (modal: NonNullable<Open>['modal']) =>
    open?.modal === modal ? open.account : undefined;
  return (
    <>
      <PageHeader
        title={t('accounts.title')}
        subtitle={t('accounts.subtitle')}
        actions={
          <RefreshButton
            label={t('accounts.refresh')}
            onRefresh={() => {
              void queryClient.invalidateQueries({ queryKey: accountsKey });
            }}
          />
        }
      />
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
        {accounts.isPending ? (
          <Center py="xl" role="status">
            <Loader size="sm" />
            <Text ml="sm">{t('app.loading')}</Text>
          </Center>
        ) : (accounts.data ?? []).length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            {t('accounts.empty')}
          </Text>
        ) : (
          <AccountsTable
            accounts={accounts.data ?? []}
            actions={{
              onVoiceCall: (account) => {
                setOpen({ modal: 'voiceCall', account });
              },
              onGateways: (account) => {
                setOpen({ modal: 'gateways', account });
              },
              onDelete: (account) => {
                setOpen({ modal: 'delete', account });
              },
            }}
          />
        )}
      </Paper>
      <EditVoiceCallModal account={accountFor('voiceCall')} onClose={close} />
      <AssociatedGatewaysModal account={accountFor('gateways')} onClose={close} />
      <DeleteAccountModal account={accountFor('delete')} onClose={close} />
    </>
  );
}
