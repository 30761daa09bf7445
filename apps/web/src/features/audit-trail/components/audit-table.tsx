import { Badge, Table, Text } from '@mantine/core';
import type { AuditEntry } from '@vigil/contracts';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DataTable, hideBelow } from '../../../components/data-table';
import { auditCodeLabel } from '../api/audit-codes';
import { pickerFormat } from '../api/audit-filters';

/** Spec platform 2: account, action, event, message, result, time, user. */
export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  const { t } = useTranslation();
  return (
    <DataTable>
      <Table striped highlightOnHover fz="sm" verticalSpacing="xs" data-testid="audit-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th {...hideBelow('md')}>{t('auditTrail.columns.account')}</Table.Th>
            <Table.Th {...hideBelow('md')}>{t('auditTrail.columns.action')}</Table.Th>
            <Table.Th {...hideBelow('sm')}>{t('auditTrail.columns.event')}</Table.Th>
            <Table.Th>{t('auditTrail.columns.message')}</Table.Th>
            <Table.Th>{t('auditTrail.columns.result')}</Table.Th>
            <Table.Th>{t('auditTrail.columns.time')}</Table.Th>
            <Table.Th {...hideBelow('sm')}>{t('auditTrail.columns.user')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td {...hideBelow('md')}>{entry.account ?? t('auditTrail.platform')}</Table.Td>
              <Table.Td {...hideBelow('md')}>{auditCodeLabel(t, 'actions', entry.action)}</Table.Td>
              <Table.Td {...hideBelow('sm')}>{auditCodeLabel(t, 'events', entry.event)}</Table.Td>
              <Table.Td>
                <Text fz="sm" style={{ wordBreak: 'break-word' }}>
                  {entry.message}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge color={entry.result === 'success' ? 'teal' : 'red'} variant="light">
                  {t(`auditTrail.results.${entry.result}`)}
                </Badge>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {dayjs(entry.time).format(pickerFormat)}
              </Table.Td>
              <Table.Td {...hideBelow('sm')}>{entry.user ?? t('auditTrail.system')}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </DataTable>
  );
}
