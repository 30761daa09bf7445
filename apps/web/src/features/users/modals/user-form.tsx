import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm, type UseFormReturnType } from '@mantine/form';
import type { Role, User } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { PhoneFields } from '../../../components/phone-fields';
import { errorText, inputProps, phoneFieldsProps } from '../../../lib/forms';
import { useAccountOptions } from '../api/list-accounts';
import { initialUserValues, userFormSchema, type UserFormValues } from './user-form-schema';
import { useSaveUser } from './use-save-user';

interface UserFormProps {
  user: User | undefined;
  actorRole: Role;
  onDone: () => void;
}

type Form = UseFormReturnType<UserFormValues>;

export function UserForm({ user, actorRole, onDone }: UserFormProps) {
  const { t } = useTranslation();
  const mode = user ? 'edit' : 'add';
  const schema = userFormSchema(mode, actorRole);
  const form = useForm<UserFormValues>({
    initialValues: initialUserValues(user),
    validate: schemaResolver(schema, { sync: true }),
  });
  const { save, pending } = useSaveUser({ user, actorRole, form, onDone });
  const emailReadOnly = mode === 'edit' && actorRole !== 'super_admin';
  const submit = form.onSubmit((values) => {
    save(schema.parse(values));
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {mode === 'add' && actorRole === 'super_admin' && <AccountSelect form={form} />}
        <TextInput
          label={t('users.form.name')}
          required
          data-autofocus
          {...inputProps(form, 'name')}
        />
        <TextInput
          label={t('users.form.email')}
          type="email"
          required
          readOnly={emailReadOnly}
          description={emailReadOnly ? t('users.form.emailReadOnly') : undefined}
          {...inputProps(form, 'email')}
        />
        <PhoneFields {...phoneFieldsProps(form)} />
        <TextInput
          label={t('users.form.usr')}
          description={t('users.form.usrDescription')}
          {...inputProps(form, 'usr')}
        />
        {mode === 'add' && actorRole === 'super_user' && <RoleSelect form={form} />}
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {mode === 'add' ? t('users.form.submitAdd') : t('users.form.submitEdit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A platform administrator adds owners to an existing account. */
function AccountSelect({ form }: { form: Form }) {
  const { t } = useTranslation();
  const accounts = useAccountOptions(true);
  const data = (accounts.data ?? []).map((account) => ({
    value: account.id,
    label: account.companyName,
  }));
  return (
    <Select
      label={t('users.form.account')}
      placeholder={t('users.form.accountPlaceholder')}
      description={t('users.form.accountDescription')}
      data={data}
      searchable
      required
      disabled={accounts.isPending}
      value={form.values.accountId || null}
      onChange={(value) => {
        form.setFieldValue('accountId', value ?? '');
      }}
      error={errorText(form.errors.accountId)}
    />
  );
}

/** Only an account owner chooses between user and account owner (spec platform 6). */
function RoleSelect({ form }: { form: Form }) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('users.form.role')}
      data={[
        { value: 'user', label: t('roles.user') },
        { value: 'super_user', label: t('roles.super_user') },
      ]}
      allowDeselect={false}
      value={form.values.role}
      onChange={(value) => {
        form.setFieldValue('role', value === 'super_user' ? 'super_user' : 'user');
      }}
    />
  );
}
