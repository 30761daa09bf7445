import { ActionIcon, Group, Table, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { Pagination } from '@vigil/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { recentPageSize } from '../api/recent-lists';

/** Spec monitoring 2: 'showing X to Y' with X = 10 * page - 9 and Y = 10 * page. */
export const shownRange = (page: number) => ({
  from: recentPageSize * page - (recentPageSize - 1),
  to: recentPageSize * page,
});

interface RecentTableProps {
  label: string;
  columns: string[];
  rows: ReactNode;
  empty: boolean;
  emptyText: string;
  pagination: Pagination | undefined;
  onPageChange: (page: number) => void;
  /** Under this width the table scrolls sideways; without it, it fits its card. */
  minWidth?: number;
}

/** A recent-events table of 10 rows a page with the spec's paging label. */
export function RecentTable(props: RecentTableProps) {
  const { label, columns, rows, empty, emptyText, pagination, onPageChange, minWidth } = props;
  const { t } = useTranslation();
  if (empty) {
    return (
      <Text c="dimmed" size="sm">
        {emptyText}
      </Text>
    );
  }
  const page = pagination?.page ?? 1;
  const lastPage = pagination?.totalPages ?? 1;
  return (
    <>
      <DataTable minWidth={minWidth}>
        <Table striped highlightOnHover verticalSpacing={6} fz="sm" aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column}>{column}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{rows}</Table.Tbody>
        </Table>
      </DataTable>
      <Group justify="space-between" gap="xs" mt="xs">
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="recent-range">
          {t('dashboard.recent.showing', shownRange(page))}
        </Text>
        <Group gap={4} role="navigation" aria-label={t('pagination.label')}>
          <ActionIcon
            variant="default"
            aria-label={t('pagination.previous')}
            disabled={page <= 1}
            onClick={() => {
              onPageChange(page - 1);
            }}
          >
            <IconChevronLeft size={16} />
          </ActionIcon>
          <ActionIcon
            variant="default"
            aria-label={t('pagination.next')}
            disabled={page >= lastPage}
            onClick={() => {
              onPageChange(page + 1);
            }}
          >
            <IconChevronRight size={16} />
          </ActionIcon>
        </Group>
      </Group>
    </>
  );
}
