import { ActionIcon, Group, Text } from '@mantine/core';
import {
  IconChevronLeft,
  IconChevronRight,
  IconChevronsLeft,
  IconChevronsRight,
} from '@tabler/icons-react';
import type { Pagination } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';

interface PaginationBarProps {
  pagination: Pagination;
  onPageChange: (page: number) => void;
  /** The 'showing X to Y' text when a page words it its own way (given from, to, total). */
  summary?: (range: { from: number; to: number; total: number }) => string;
}

/** Server paging: first / previous / next / last and 'showing X to Y of Z'. */
export function PaginationBar({ pagination, onPageChange, summary }: PaginationBarProps) {
  const { t } = useTranslation();
  const { page, pageSize, total, totalPages } = pagination;
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, total);
  const atStart = page <= 1;
  const atEnd = page >= totalPages;
  const buttons = [
    { label: t('pagination.first'), icon: IconChevronsLeft, target: 1, disabled: atStart },
    { label: t('pagination.previous'), icon: IconChevronLeft, target: page - 1, disabled: atStart },
    { label: t('pagination.next'), icon: IconChevronRight, target: page + 1, disabled: atEnd },
    { label: t('pagination.last'), icon: IconChevronsRight, target: totalPages, disabled: atEnd },
  ];
  const renderButton = ({ label, icon: Icon, target, disabled }: (typeof buttons)[number]) => (
    <ActionIcon
      key={label}
      variant="default"
      size="lg"
      aria-label={label}
      disabled={disabled}
      onClick={() => {
        onPageChange(target);
      }}
    >
      <Icon size={16} />
    </ActionIcon>
  );
  return (
    <Group justify="space-between" gap="sm" mt="md" wrap="wrap">
      <Text size="sm" c="dimmed" aria-live="polite" data-testid="pagination-summary">
        {summary ? summary({ from, to, total }) : t('pagination.showing', { from, to, total })}
      </Text>
      <Group gap={6} role="navigation" aria-label={t('pagination.label')}>
        {buttons.slice(0, 2).map(renderButton)}
        <Text size="sm" px="xs">
          {t('pagination.page', { page, total: totalPages })}
        </Text>
        {buttons.slice(2).map(renderButton)}
      </Group>
    </Group>
  );
}
