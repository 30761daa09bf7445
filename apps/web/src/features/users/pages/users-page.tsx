import { Button, Center, Paper, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch, IconUserOff } from '@tabler/icons-react';
import type { Role, User } from '@vigil/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { PaginationBar } from '../../../components/pagination-bar';
import { useSession } from '../../../lib/session';
import { useUsers } from '../api/list-users';
import { UsersTable } from '../components/users-table';
import { AddEditUserModal } from '../modals/add-edit-user-modal';
import { DeleteUserModal } from '../modals/delete-user-modal';

interface ModalState {
  opened: boolean;
  user?: User;
}

/** /users — account owners (super_admin) or the account's users (super_user). */
export default function UsersPage() {
  const { t } = useTranslation();
  const session = useSession();
  const role: Role = session?.role ?? 'user';
  const [form, setForm] = useState<ModalState>({ opened: false });
  const [toDelete, setToDelete] = useState<ModalState>({ opened: false });

  return (
    <>
      <PageHeader
        title={t('users.title')}
        subtitle={role === 'super_admin' ? t('users.subtitleAdmin') : t('users.subtitleOwner')}
        actions={
          <Button
            leftSection={<IconPlus size={18} />}
            onClick={() => {
              setForm({ opened: true });
            }}
          >
            {t('users.add')}
          </Button>
        }
      />
      <UsersCard
        ownUserId={session?.userId ?? ''}
        role={role}
        onEdit={(user) => {
          setForm({ opened: true, user });
        }}
        onDelete={(user) => {
          setToDelete({ opened: true, user });
        }}
      />
      <AddEditUserModal
        opened={form.opened}
        user={form.user}
        actorRole={role}
        onClose={() => {
          setForm((current) => ({ ...current, opened: false }));
        }}
      />
      <DeleteUserModal
        opened={toDelete.opened}
        user={toDelete.user}
        onClose={() => {
          setToDelete((current) => ({ ...current, opened: false }));
        }}
      />
    </>
  );
}

interface UsersCardProps {
  ownUserId: string;
  role: Role;
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
}

/** Search (debounced), the table and server paging. */
function UsersCard({ ownUserId, role, onEdit, onDelete }: UsersCardProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [searchString] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const users = useUsers(ownUserId, { page, searchString });
  const list = users.data?.list ?? [];

  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
      <TextInput
        label={t('users.search')}
        placeholder={t('users.searchPlaceholder')}
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
      {users.isPending ? (
        <PageLoader />
      ) : list.length === 0 || !users.data ? (
        <EmptyUsers />
      ) : (
        <>
          <UsersTable
            users={list}
            actorRole={role}
            onSubUsers={(user) => {
              void navigate(`/subUsers?parentId=${encodeURIComponent(user.id)}`);
            }}
            onEdit={onEdit}
            onDelete={onDelete}
          />
          <PaginationBar pagination={users.data.meta.pagination} onPageChange={setPage} />
        </>
      )}
    </Paper>
  );
}

function EmptyUsers() {
  const { t } = useTranslation();
  return (
    <Center py={48}>
      <Stack align="center" gap="xs">
        <ThemeIcon size={56} radius={28} variant="light" color="gray" aria-hidden>
          <IconUserOff size={28} />
        </ThemeIcon>
        <Text c="dimmed">{t('users.empty')}</Text>
      </Stack>
    </Center>
  );
}
