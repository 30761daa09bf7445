import { Button } from '@mantine/core';
import { IconPlus, IconUserOff } from '@tabler/icons-react';
import type { Role, User } from '@vigil/contracts';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { SearchableListCard, useListSearch } from '../../../components/searchable-list-card';
import { useSession } from '../../../lib/session';
import { useUsers } from '../api/list-users';
import { UsersTable } from '../components/users-table';
import { AddEditUserModal } from '../modals/add-edit-user-modal';
import { DeleteUserModal } from '../modals/delete-user-modal';

interface ModalState {
  opened: boolean;
  user?: User;
}

/** The relation form (`addUserMessageTemplate`) lives in the notifications feature; app/ passes it. */
export type RenderLinkTemplate = (props: {
  opened: boolean;
  user: User | undefined;
  onClose: () => void;
}) => ReactNode;

/** Which user the form, the delete confirmation and the template relation are open for. */
function useUserModals() {
  const [form, setForm] = useState<ModalState>({ opened: false });
  const [toDelete, setToDelete] = useState<ModalState>({ opened: false });
  const [toLink, setToLink] = useState<ModalState>({ opened: false });
  return { form, setForm, toDelete, setToDelete, toLink, setToLink };
}

const closedModal = (current: ModalState) => ({ ...current, opened: false });

/** /users — account owners (super_admin) or the account's users (super_user). */
export default function UsersPage({
  renderLinkTemplate,
}: {
  renderLinkTemplate?: RenderLinkTemplate;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const role: Role = session?.role ?? 'user';
  const modals = useUserModals();
  const { setForm, setToDelete, setToLink } = modals;
  const linkable = role === 'super_admin' && renderLinkTemplate !== undefined;

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
        onLinkTemplate={
          linkable
            ? (user) => {
                setToLink({ opened: true, user });
              }
            : undefined
        }
      />
      <UserModals modals={modals} role={role} renderLinkTemplate={renderLinkTemplate} />
    </>
  );
}

interface UserModalsProps {
  modals: ReturnType<typeof useUserModals>;
  role: Role;
  renderLinkTemplate: RenderLinkTemplate | undefined;
}

/** The template relation (composed by app/), add or edit, and delete. */
function UserModals({ modals, role, renderLinkTemplate }: UserModalsProps) {
  const { form, setForm, toDelete, setToDelete, toLink, setToLink } = modals;
  return (
    <>
      {renderLinkTemplate?.({
        opened: toLink.opened,
        user: toLink.user,
        onClose: () => {
          setToLink(closedModal);
        },
      })}
      <AddEditUserModal
        opened={form.opened}
        user={form.user}
        actorRole={role}
        onClose={() => {
          setForm(closedModal);
        }}
      />
      <DeleteUserModal
        opened={toDelete.opened}
        user={toDelete.user}
        onClose={() => {
          setToDelete(closedModal);
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
  onLinkTemplate: ((user: User) => void) | undefined;
}

/** Search (debounced), the table and server paging. */
function UsersCard({ ownUserId, role, onEdit, onDelete, onLinkTemplate }: UsersCardProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useListSearch();
  const users = useUsers(ownUserId, { page: list.page, searchString: list.debounced });
  return (
    <SearchableListCard
      searchLabel={t('users.search')}
      searchPlaceholder={t('users.searchPlaceholder')}
      list={list}
      query={users}
      emptyIcon={IconUserOff}
      emptyText={t('users.empty')}
    >
      {(items) => (
        <UsersTable
          users={items}
          actorRole={role}
          onSubUsers={(user) => {
            void navigate(`/subUsers?parentId=${encodeURIComponent(user.id)}`);
          }}
          onEdit={onEdit}
          onDelete={onDelete}
          onLinkTemplate={onLinkTemplate}
        />
      )}
    </SearchableListCard>
  );
}
