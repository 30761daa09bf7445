import { Button, Center, Loader, Paper, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { useSession } from '../../../lib/session';
import { emptyAuditFilters, type AuditFilters } from '../api/audit-filters';
import { useAuditPdfExport } from '../api/export-audit-pdf';
import { useAuditLogs } from '../api/list-audit-logs';
import { AuditFiltersForm } from '../components/audit-filters-form';
import { AuditTable } from '../components/audit-table';
import { ExportStatus } from '../components/export-status';

/** /AuditTrail: an owner reads their account's trail; the platform administrator every account's. */
export default function AuditTrailPage() {
  const { t } = useTranslation();
  const admin = useSession()?.role === 'super_admin';
  const [filters, setFilters] = useState<AuditFilters>(emptyAuditFilters);
  const logs = useAuditLogs(filters);
  const exporter = useAuditPdfExport();
  const entries = logs.data?.pages.flatMap((page) => page.list) ?? [];
  return (
    <>
      <PageHeader
        title={t('auditTrail.title')}
        subtitle={admin ? t('auditTrail.subtitleAdmin') : t('auditTrail.subtitleOwner')}
      />
      <AuditFiltersForm
        showAccount={admin}
        exporting={exporter.busy}
        onSearch={setFilters}
        onExport={exporter.start}
      />
      {exporter.task && <ExportStatus task={exporter.task} />}
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
        {logs.isPending ? (
          <Center py="xl" role="status">
            <Loader size="sm" />
            <Text ml="sm">{t('app.loading')}</Text>
          </Center>
        ) : entries.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            {t('auditTrail.empty')}
          </Text>
        ) : (
          <>
            <AuditTable entries={entries} />
            {logs.hasNextPage && (
              <Center mt="md">
                <Button
                  variant="default"
                  loading={logs.isFetchingNextPage}
                  onClick={() => {
                    void logs.fetchNextPage();
                  }}
                >
                  {t('auditTrail.loadMore')}
                </Button>
              </Center>
            )}
          </>
        )}
      </Paper>
    </>
  );
}
