import { Button, Code, Table } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { NotificationStatistic } from '@vigil/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { useSession } from '../../../lib/session';
import { emptyFilters } from '../api/list-notifications';
import { useNotificationStatistics } from '../api/notification-statistics';
import { NotificationFiltersForm } from '../components/notification-filters';
import { ResultCard } from '../components/result-card';
import { SmsLimitModal } from '../modals/sms-limit-modal';

/** /UserNotificationStatistics — messages sent per day and account; the SMS limits. */
export default function NotificationStatisticsPage() {
  const { t } = useTranslation();
  const admin = useSession()?.role === 'super_admin';
  const [filters, setFilters] = useState(emptyFilters);
  const [page, setPage] = useState(1);
  const [limitOpened, setLimitOpened] = useState(false);
  const query = useNotificationStatistics(filters, page);
  return (
    <>
      <PageHeader
        title={t('notifications.statistics.title')}
        subtitle={t('notifications.statistics.subtitle')}
        actions={
          admin && (
            <Button
              leftSection={<IconPlus size={18} />}
              onClick={() => {
                setLimitOpened(true);
              }}
            >
              {t('notifications.statistics.addLimit')}
            </Button>
          )
        }
      />
      <NotificationFiltersForm
        showAccount={admin}
        onSearch={(next) => {
          setFilters(next);
          setPage(1);
        }}
      />
      <ResultCard query={query} onPageChange={setPage}>
        {(items) => <StatisticsTable rows={items} />}
      </ResultCard>
      <SmsLimitModal
        opened={limitOpened}
        onClose={() => {
          setLimitOpened(false);
        }}
      />
    </>
  );
}

function StatisticsTable({ rows }: { rows: NotificationStatistic[] }) {
  const { t } = useTranslation();
  return (
    <DataTable>
      <Table striped highlightOnHover verticalSpacing="sm" fz="sm" data-testid="statistics-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('notifications.columns.date')}</Table.Th>
            <Table.Th>{t('notifications.columns.accountId')}</Table.Th>
            <Table.Th ta="right">{t('notifications.columns.count')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={`${row.date}-${row.accountId ?? 'platform'}`}>
              <Table.Td>{row.date}</Table.Td>
              <Table.Td>
                {row.companyName || t('common.notAvailable')}
                <br />
                <Code fz={11}>{row.accountId ?? ''}</Code>
              </Table.Td>
              <Table.Td ta="right">{row.count}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </DataTable>
  );
}
