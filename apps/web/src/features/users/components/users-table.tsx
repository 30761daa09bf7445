import { ActionIcon, Badge, Table, Text, Tooltip } from '@mantine/core';
import { IconMessageCog, IconPencil, IconTrash, IconUsersGroup } from '@tabler/icons-react';
import type { Role, User } from '@vigil/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, hideBelow } from '../../../components/data-table';
import { RowActions } from '../../../components/row-actions';
import { formatDateTime, formatPhone } from '../../../lib/format';

interface UsersTableProps {
  users: User[];
  actorRole: Role;
  onSubUsers: (user: User) => void;
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
  /** The platform administrator's 'link message template' button; absent for owners. */
  onLinkTemplate?: ((user: User) => void) | undefined;
}

const roleColor = { super_admin: 'grape', super_user: 'vigil', user: 'indigo' } as const;

/** Spec platform 2: the company and sub-users columns are the platform administrator's only. */
export function UsersTable(props: UsersTableProps) {
  const { users, actorRole, onSubUsers, onEdit, onDelete, onLinkTemplate } = props;
  const { t } = useTranslation();
  const admin = actorRole === 'super_admin';
  return (
    <DataTable stickyActions>
      <Table
        striped
        highlightOnHover
        verticalSpacing="sm"
        horizontalSpacing="xs"
        fz="sm"
        data-testid="users-table"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('users.columns.name')}</Table.Th>
            <Table.Th>{t('users.columns.email')}</Table.Th>
            {admin && <Table.Th {...hideBelow('md')}>{t('users.columns.company')}</Table.Th>}
            <Table.Th {...hideBelow('md')}>{t('users.columns.usr')}</Table.Th>
            <Table.Th {...hideBelow('sm')}>{t('users.columns.phone')}</Table.Th>
            <Table.Th {...hideBelow('sm')}>{t('users.columns.role')}</Table.Th>
            <Table.Th {...hideBelow('md')}>{t('users.columns.activated')}</Table.Th>
            <Table.Th {...hideBelow('md')}>{t('users.columns.createdAt')}</Table.Th>
            {admin && <Table.Th>{t('users.columns.subUsers')}</Table.Th>}
            {admin && onLinkTemplate && <Table.Th>{t('users.columns.messageTemplate')}</Table.Th>}
            <Table.Th ta="right">{t('users.columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <UserRow
              key={user.id}
              user={user}
              admin={admin}
              onSubUsers={onSubUsers}
              onEdit={onEdit}
              onDelete={onDelete}
              onLinkTemplate={admin ? onLinkTemplate : undefined}
            />
          ))}
        </Table.Tbody>
      </Table>
    </DataTable>
  );
}

interface UserActionsProps {
  user: User;
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
}

function UserActions({ user, onEdit, onDelete }: UserActionsProps) {
  const { t } = useTranslation();
  return (
    <RowActions
      actions={[
        {
          label: t('users.editUser', { name: user.name }),
          icon: IconPencil,
          onClick: () => {
            onEdit(user);
          },
        },
        {
          label: t('users.deleteUser', { name: user.name }),
          icon: IconTrash,
          color: 'red',
          onClick: () => {
            onDelete(user);
          },
        },
      ]}
    />
  );
}

type UserRowProps = Omit<UsersTableProps, 'users' | 'actorRole'> & { user: User; admin: boolean };

function UserRow({ user, admin, onSubUsers, onEdit, onDelete, onLinkTemplate }: UserRowProps) {
  const { t } = useTranslation();
  return (
    <Table.Tr>
      <Table.Td fw={600}>{user.name}</Table.Td>
      <Table.Td>
        <BreakableEmail email={user.email} />
      </Table.Td>
      {admin && (
        <Table.Td {...hideBelow('md')}>{user.companyName ?? t('common.notAvailable')}</Table.Td>
      )}
      <Table.Td {...hideBelow('md')}>{user.usr || t('common.notAvailable')}</Table.Td>
      <Table.Td {...hideBelow('sm')}>{formatPhone(user.countryCode, user.phoneNumber)}</Table.Td>
      <Table.Td {...hideBelow('sm')}>
        <RoleBadge role={user.role} />
      </Table.Td>
      <Table.Td {...hideBelow('md')}>
        <Text fz="sm" c={user.isActivated ? 'teal' : 'orange'} fw={600}>
          {user.isActivated ? t('common.yes') : t('common.no')}
        </Text>
      </Table.Td>
      <Table.Td {...hideBelow('md')}>{formatDateTime(user.createdAt)}</Table.Td>
      {admin && (
        <Table.Td>
          <RowIconButton
            label={t('users.viewSubUsers', { name: user.name })}
            icon={<IconUsersGroup size={18} />}
            onClick={() => {
              onSubUsers(user);
            }}
          />
        </Table.Td>
      )}
      {onLinkTemplate && (
        <Table.Td>
          <RowIconButton
            label={t('users.linkTemplate', { name: user.name })}
            icon={<IconMessageCog size={18} />}
            onClick={() => {
              onLinkTemplate(user);
            }}
          />
        </Table.Td>
      )}
      <Table.Td>
        <UserActions user={user} onEdit={onEdit} onDelete={onDelete} />
      </Table.Td>
    </Table.Tr>
  );
}

/** The user's role, wrapped rather than cut in a narrow column. */
function RoleBadge({ role }: { role: User['role'] }) {
  const { t } = useTranslation();
  return (
    <Badge
      variant="light"
      color={roleColor[role]}
      radius="sm"
      tt="none"
      h="auto"
      py={2}
      styles={{ label: { whiteSpace: 'normal', overflow: 'visible', lineHeight: 1.3 } }}
    >
      {t(`roles.${role}`)}
    </Badge>
  );
}

/** A row's icon button, named by its label and with the label as its tooltip. */
function RowIconButton(props: { label: string; icon: ReactNode; onClick: () => void }) {
  return (
    <Tooltip label={props.label}>
      <ActionIcon variant="light" size="lg" aria-label={props.label} onClick={props.onClick}>
        {props.icon}
      </ActionIcon>
    </Tooltip>
  );
}

/** An address that may wrap after its '@' in a narrow column, never inside a word. */
function BreakableEmail({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}
