import { Center, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import type { Pagination } from '@vigil/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import { PaginationBar } from '../../../components/pagination-bar';

interface ResultCardProps<T> {
  query: { isPending: boolean; data: { list: T[]; meta: { pagination: Pagination } } | undefined };
  onPageChange: (page: number) => void;
  children: (items: T[]) => ReactNode;
}

/** One server page of results with its 'Data Count', paging, and 'No data found' when empty. */
export function ResultCard<T>({ query, onPageChange, children }: ResultCardProps<T>) {
  const { t } = useTranslation();
  const items = query.data?.list ?? [];
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
      {query.isPending ? (
        <PageLoader />
      ) : !query.data || items.length === 0 ? (
        <Center py={48}>
          <Stack align="center" gap="xs">
            <ThemeIcon size={56} radius={28} variant="light" color="gray" aria-hidden>
              <IconInbox size={28} />
            </ThemeIcon>
            <Text c="dimmed">{t('notifications.noData')}</Text>
          </Stack>
        </Center>
      ) : (
        <>
          <Group mb="sm">
            <Text fw={600}>
              {t('notifications.dataCount')}: {query.data.meta.pagination.total}
            </Text>
          </Group>
          {children(items)}
          <PaginationBar pagination={query.data.meta.pagination} onPageChange={onPageChange} />
        </>
      )}
    </Paper>
  );
}
