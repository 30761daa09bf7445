import { Badge, Table, Text } from '@mantine/core';
import type { Notification } from '@vigil/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, hideBelow } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { emptyFilters, useNotifications } from '../api/list-notifications';
import { NotificationFiltersForm } from '../components/notification-filters';
import { ResultCard } from '../components/result-card';

const statusColor = { sent: 'teal', queued: 'blue', skipped: 'orange', failed: 'red' } as const;

/** /UserNotifications — the log of every message sent or not sent (spec platform 2). */
export default function UserNotificationsPage() {
  const { t } = useTranslation();
  const admin = useSession()?.role === 'super_admin';
  const [filters, setFilters] = useState(emptyFilters);
  const [page, setPage] = useState(1);
  const query = useNotifications(filters, page);
  return (
    <>
      <PageHeader title={t('notifications.log.title')} subtitle={t('notifications.log.subtitle')} />
      <NotificationFiltersForm
        showAccount={admin}
        onSearch={(next) => {
          setFilters(next);
          setPage(1);
        }}
      />
      <ResultCard query={query} onPageChange={setPage}>
        {(items) => <NotificationsTable notifications={items} />}
      </ResultCard>
    </>
  );
}

function NotificationsTable({ notifications }: { notifications: Notification[] }) {
  const { t } = useTranslation();
  return (
    <DataTable>
      <Table
        striped
        highlightOnHover
        verticalSpacing="sm"
        fz="sm"
        data-testid="notifications-table"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('notifications.columns.email')}</Table.Th>
            <Table.Th {...hideBelow('sm')}>{t('notifications.columns.phone')}</Table.Th>
            <Table.Th>{t('notifications.columns.text')}</Table.Th>
            <Table.Th {...hideBelow('md')}>{t('notifications.columns.isSms')}</Table.Th>
            <Table.Th>{t('notifications.columns.status')}</Table.Th>
            <Table.Th {...hideBelow('sm')}>{t('notifications.columns.createdAt')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {notifications.map((item) => (
            <Table.Tr key={item.id}>
              <Table.Td>{item.email || t('common.notAvailable')}</Table.Td>
              <Table.Td {...hideBelow('sm')}>{item.phone || t('common.notAvailable')}</Table.Td>
              <Table.Td maw={360}>
                <Text fz="sm" style={{ whiteSpace: 'pre-line' }} lineClamp={4}>
                  {item.text}
                </Text>
              </Table.Td>
              <Table.Td {...hideBelow('md')}>
                {item.isSms ? t('common.yes') : t('common.no')}
              </Table.Td>
              <Table.Td>
                <StatusBadge item={item} />
              </Table.Td>
              <Table.Td {...hideBelow('sm')}>{formatDateTime(item.createdAt)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </DataTable>
  );
}

/** The channel and outcome; the reason of a skipped or failed message is spelled out. */
function StatusBadge({ item }: { item: Notification }) {
  const { t } = useTranslation();
  const label = `${t(`notifications.channels.${item.channel}`)} · ${t(`notifications.statuses.${item.status}`)}`;
  const badge = (
    <Badge
      variant="light"
      color={statusColor[item.status]}
      tt="none"
      radius="sm"
      styles={{ label: { overflow: 'visible' } }}
    >
      {label}
    </Badge>
  );
  if (!item.reason || item.status === 'sent') return badge;
  return (
    <>
      {badge}
      <Text fz="xs" c="dimmed" mt={4}>
        <ReasonText reason={item.reason} />
      </Text>
    </>
  );
}

const knownReasons = {
  'SMS limit reached': 'notifications.reasons.smsLimit',
  'SMS provider not configured': 'notifications.reasons.smsNotConfigured',
  'webhook removed or disabled': 'notifications.reasons.webhookGone',
} as const;

/** A reason the server names in English, translated when it is one of the known ones. */
function ReasonText({ reason }: { reason: string }) {
  const { t } = useTranslation();
  const key = Object.hasOwn(knownReasons, reason)
    ? knownReasons[reason as keyof typeof knownReasons]
    : undefined;
  return key ? t(key) : reason;
}
