import { Badge, Center, Loader, Modal, Table, Text } from '@mantine/core';
import type { AccountSummary } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { DataTable, hideBelow } from '../../../components/data-table';
import { formatDateTime } from '../../../lib/format';
import { useAccountGateways } from '../api/list-account-gateways';

interface AssociatedGatewaysModalProps {
  account: AccountSummary | undefined;
  onClose: () => void;
}

/** `showAssociatedGateways` (large): the gateways of one account. */
export function AssociatedGatewaysModal({ account, onClose }: AssociatedGatewaysModalProps) {
  const { t } = useTranslation();
  const gateways = useAccountGateways(account?.id);
  const list = gateways.data ?? [];
  return (
    <Modal
      opened={account !== undefined}
      onClose={onClose}
      title={t('accounts.gatewaysModal.title', { name: account?.companyName ?? '' })}
      size="xl"
      data-testid="showAssociatedGateways"
    >
      {gateways.isPending ? (
        <Center py="xl" role="status" aria-label={t('app.loading')}>
          <Loader size="sm" />
          <Text ml="sm">{t('app.loading')}</Text>
        </Center>
      ) : list.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {t('accounts.gatewaysModal.empty')}
        </Text>
      ) : (
        <DataTable>
          <Table striped fz="sm" verticalSpacing="xs" data-testid="associated-gateways">
            <Table.Thead>
              <Table.Tr>
                <Table.Th {...hideBelow('sm')}>{t('accounts.gatewaysModal.gatewayId')}</Table.Th>
                <Table.Th>{t('accounts.gatewaysModal.name')}</Table.Th>
                <Table.Th>{t('accounts.gatewaysModal.status')}</Table.Th>
                <Table.Th {...hideBelow('sm')}>{t('accounts.gatewaysModal.devices')}</Table.Th>
                <Table.Th {...hideBelow('md')}>{t('accounts.gatewaysModal.lastSeen')}</Table.Th>
                <Table.Th {...hideBelow('sm')}>{t('accounts.gatewaysModal.createdAt')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((gateway) => (
                <Table.Tr key={gateway.id}>
                  <Table.Td ff="monospace" {...hideBelow('sm')}>
                    {gateway.gatewayId}
                  </Table.Td>
                  <Table.Td>{gateway.name}</Table.Td>
                  <Table.Td>
                    <Badge color={gateway.status === 'online' ? 'teal' : 'gray'} variant="light">
                      {t(`accounts.gatewaysModal.${gateway.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td {...hideBelow('sm')}>{gateway.deviceCount}</Table.Td>
                  <Table.Td {...hideBelow('md')}>{formatDateTime(gateway.lastSeenAt)}</Table.Td>
                  <Table.Td {...hideBelow('sm')}>{formatDateTime(gateway.createdAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </DataTable>
      )}
    </Modal>
  );
}
