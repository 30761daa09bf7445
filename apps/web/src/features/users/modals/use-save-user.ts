import type { UseFormReturnType } from '@mantine/form';
import type { Role, User } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../../lib/api-error';
import { showServerError } from '../../../lib/forms';
import { currentLanguage } from '../../../lib/i18n';
import { notifySuccess } from '../../../lib/notify';
import { useAddUser } from '../api/add-user';
import { useUpdateUser } from '../api/update-user';
import type { UserFormOutput, UserFormValues } from './user-form-schema';

interface SaveUserOptions {
  user: User | undefined;
  actorRole: Role;
  form: UseFormReturnType<UserFormValues>;
  onDone: () => void;
}

/** Adds (POST /api/user/add) or edits (PUT /api/user/{id}) with what this role may send. */
export function useSaveUser({ user, actorRole, form, onDone }: SaveUserOptions) {
  const { t } = useTranslation();
  const addUser = useAddUser();
  const updateUser = useUpdateUser();
  const onError = (error: ApiError) => {
    showServerError(form, error);
  };

  const save = (values: UserFormOutput) => {
    const common = {
      name: values.name,
      countryCode: values.countryCode,
      phoneNumber: values.phoneNumber,
      usr: values.usr,
    };
    if (user) {
      const body = actorRole === 'super_admin' ? { ...common, email: values.email } : common;
      const onSuccess = () => {
        notifySuccess(t('users.saved'));
        onDone();
      };
      updateUser.mutate({ id: user.id, body }, { onSuccess, onError });
      return;
    }
    const body = {
      ...common,
      email: values.email,
      language: currentLanguage(),
      ...(actorRole === 'super_user' ? { role: values.role } : {}),
      ...(actorRole === 'super_admin' ? { accountId: values.accountId } : {}),
    };
    const onSuccess = (added: User) => {
      notifySuccess(t('users.added'), t('users.invitationSent', { email: added.email }));
      onDone();
    };
    addUser.mutate(body, { onSuccess, onError });
  };

  return { save, pending: addUser.isPending || updateUser.isPending };
}
