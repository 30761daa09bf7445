import { Center, Paper, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconRouterOff, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import { PaginationBar } from '../../../components/pagination-bar';
import { useGateways, type GatewayScope } from '../api/list-gateways';
import { GatewaysTable, type GatewayActions } from './gateways-table';

interface GatewaysCardProps {
  scope: GatewayScope;
  actions: GatewayActions | undefined;
}

/** Search (debounced), the table and server paging. */
export function GatewaysCard({ scope, actions }: GatewaysCardProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const gateways = useGateways(scope, { page, search: debouncedSearch });
  const list = gateways.data?.list ?? [];

  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
      <TextInput
        label={t('gateways.search')}
        placeholder={t('gateways.searchPlaceholder')}
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
      {gateways.isPending ? (
        <PageLoader />
      ) : list.length === 0 || !gateways.data ? (
        <Center py={48}>
          <Stack align="center" gap="xs">
            <ThemeIcon size={56} radius={28} variant="light" color="gray" aria-hidden>
              <IconRouterOff size={28} />
            </ThemeIcon>
            <Text c="dimmed">{t('gateways.empty')}</Text>
          </Stack>
        </Center>
      ) : (
        <>
          <GatewaysTable gateways={list} actions={actions} />
          <PaginationBar pagination={gateways.data.meta.pagination} onPageChange={setPage} />
        </>
      )}
    </Paper>
  );
}
