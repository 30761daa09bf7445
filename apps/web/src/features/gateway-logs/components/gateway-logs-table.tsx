import { Table, Text } from '@mantine/core';
import type { GatewayLog } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { dateTimeFormat } from '../../../lib/format';

/** Log lines are read to the second. */
function formatLogTime(iso: string): string {
  return dateTimeFormat('dateTimeSeconds').format(new Date(iso));
}

/** Spec platform 2: Gateway ID, Message, Created At. */
export function GatewayLogsTable({ lines }: { lines: GatewayLog[] }) {
  const { t } = useTranslation();
  return (
    <DataTable>
      <Table striped highlightOnHover fz="sm" verticalSpacing="xs" data-testid="gateway-logs-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('gatewayLogs.columns.gatewayId')}</Table.Th>
            <Table.Th>{t('gatewayLogs.columns.message')}</Table.Th>
            <Table.Th>{t('gatewayLogs.columns.createdAt')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line) => (
            <Table.Tr key={line.id}>
              <Table.Td ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                {line.gatewayId}
              </Table.Td>
              <Table.Td>
                <Text fz="sm" style={{ wordBreak: 'break-word' }}>
                  {line.message}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatLogTime(line.createdAt)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </DataTable>
  );
}
