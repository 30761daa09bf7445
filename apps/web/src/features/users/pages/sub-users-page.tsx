import { Button, Center, Paper, Stack, Table, Text, ThemeIcon } from '@mantine/core';
import { IconArrowLeft, IconUsersGroup } from '@tabler/icons-react';
import type { subUser } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Link, useSearchParams } from 'react-router';
import { DataTable, hideBelow } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { formatDateTime, formatPhone } from '../../../lib/format';
import { useSubUsers } from '../api/list-sub-users';

type SubUser = z.infer<typeof subUser>;

/** /subUsers?parentId= — read-only list of the users someone added. */
export default function SubUsersPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const subUsers = useSubUsers(params.get('parentId'));
  const list = subUsers.data ?? [];

  return (
    <>
      <PageHeader
        title={t('users.subUsers.title')}
        subtitle={t('users.subUsers.subtitle')}
        actions={
          <Button
            component={Link}
            to="/users"
            variant="default"
            leftSection={<IconArrowLeft size={16} />}
          >
            {t('users.subUsers.back')}
          </Button>
        }
      />
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
        {subUsers.isPending ? (
          <PageLoader />
        ) : list.length === 0 ? (
          <Center py={48}>
            <Stack align="center" gap="xs">
              <ThemeIcon size={56} radius={28} variant="light" color="gray" aria-hidden>
                <IconUsersGroup size={28} />
              </ThemeIcon>
              <Text c="dimmed">{t('users.subUsers.empty')}</Text>
            </Stack>
          </Center>
        ) : (
          <SubUsersTable list={list} />
        )}
      </Paper>
    </>
  );
}

function SubUsersTable({ list }: { list: SubUser[] }) {
  const { t } = useTranslation();
  return (
    <DataTable>
      <Table striped verticalSpacing="sm" data-testid="sub-users-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('users.columns.name')}</Table.Th>
            <Table.Th>{t('users.columns.email')}</Table.Th>
            <Table.Th {...hideBelow('sm')}>{t('users.columns.phone')}</Table.Th>
            <Table.Th {...hideBelow('sm')}>{t('users.columns.createdAt')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.map((user) => (
            <Table.Tr key={user.id}>
              <Table.Td fw={600}>{user.name}</Table.Td>
              <Table.Td>{user.email}</Table.Td>
              <Table.Td {...hideBelow('sm')}>
                {formatPhone(user.countryCode, user.phoneNumber)}
              </Table.Td>
              <Table.Td {...hideBelow('sm')}>{formatDateTime(user.createdAt)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </DataTable>
  );
}
