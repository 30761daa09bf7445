import { Center, Paper, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, type Icon } from '@tabler/icons-react';
import type { Pagination } from '@vigil/contracts';
import { useState, type ReactNode } from 'react';
import { PageLoader } from './page-loader';
import { PaginationBar } from './pagination-bar';

/** A search box's text, the same text debounced for the server, and the page (back to 1 on a new search). */
export function useListSearch() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  return {
    search,
    debounced,
    page,
    setPage,
    setSearch(value: string) {
      setSearch(value);
      setPage(1);
    },
  };
}

interface SearchableListCardProps<T> {
  searchLabel: string;
  searchPlaceholder: string;
  list: ReturnType<typeof useListSearch>;
  /** The server's page, once it has answered. */
  query: { isPending: boolean; data: { list: T[]; meta: { pagination: Pagination } } | undefined };
  emptyIcon: Icon;
  emptyText: string;
  children: (items: T[]) => ReactNode;
}

/** A card with a search box, the table of one server page, its paging, and an empty state. */
export function SearchableListCard<T>(props: SearchableListCardProps<T>) {
  const { searchLabel, searchPlaceholder, list, query, emptyIcon: EmptyIcon, emptyText } = props;
  const items = query.data?.list ?? [];
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
      <TextInput
        label={searchLabel}
        placeholder={searchPlaceholder}
        leftSection={<IconSearch size={16} />}
        type="search"
        maw={{ sm: 360 }}
        mb="md"
        value={list.search}
        onChange={(event) => {
          list.setSearch(event.currentTarget.value);
        }}
      />
      {query.isPending ? (
        <PageLoader />
      ) : items.length === 0 || !query.data ? (
        <Center py={48}>
          <Stack align="center" gap="xs">
            <ThemeIcon size={56} radius={28} variant="light" color="gray" aria-hidden>
              <EmptyIcon size={28} />
            </ThemeIcon>
            <Text c="dimmed">{emptyText}</Text>
          </Stack>
        </Center>
      ) : (
        <>
          {props.children(items)}
          <PaginationBar pagination={query.data.meta.pagination} onPageChange={list.setPage} />
        </>
      )}
    </Paper>
  );
}
