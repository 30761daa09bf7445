import { Center, Group, Loader, Paper, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { PaginationBar } from '../../../components/pagination-bar';
import { RefreshButton } from '../../../components/refresh-button';
import { gatewayLogsKey, useGatewayLogs } from '../api/list-gateway-logs';
import { GatewayLogsTable } from '../components/gateway-logs-table';

/** /gatewaylogs: what gateways said on their `log` topic and what the platform saw of them. */
export default function GatewayLogsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  // Spec platform 5: a search fires only for a non-empty value; clearing the box shows all lines.
  const logs = useGatewayLogs({ page, gatewayId: debounced });
  const lines = logs.data?.list ?? [];
  return (
    <>
      <PageHeader title={t('gatewayLogs.title')} subtitle={t('gatewayLogs.subtitle')} />
      <TextInput
        label={t('gatewayLogs.searchLabel')}
        placeholder={t('gatewayLogs.search')}
        leftSection={<IconSearch size={16} />}
        type="search"
        maw={{ sm: 360 }}
        mb="md"
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
      />
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
        <Group justify="space-between" mb="sm">
          <Title order={2} fz="lg">
            {t('gatewayLogs.card')}
          </Title>
          <RefreshButton
            label={t('gatewayLogs.refresh')}
            onRefresh={() => {
              void queryClient.invalidateQueries({ queryKey: gatewayLogsKey });
            }}
          />
        </Group>
        {logs.isPending ? (
          <Center py="xl" role="status">
            <Loader size="sm" />
            <Text ml="sm">{t('app.loading')}</Text>
          </Center>
        ) : lines.length === 0 || !logs.data ? (
          <Text c="dimmed" ta="center" py="xl">
            {t('gatewayLogs.empty')}
          </Text>
        ) : (
          <>
            <GatewayLogsTable lines={lines} />
            <PaginationBar
              pagination={logs.data.meta.pagination}
              onPageChange={setPage}
              summary={({ from, to }) => t('gatewayLogs.showing', { from, to })}
            />
          </>
        )}
      </Paper>
    </>
  );
}
