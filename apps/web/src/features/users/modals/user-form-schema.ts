import {
  addUserBody,
  defaultCountryCode,
  messages,
  phoneNumberField,
  type Role,
  type User,
} from '@vigil/contracts';
import { z } from 'zod';

export type UserFormMode = 'add' | 'edit';

export type UserFormValues = {
  name: string;
  email: string;
  countryCode: string;
  phoneNumber: string;
  usr: string;
  role: 'user' | 'super_user';
  accountId: string;
};

export function initialUserValues(user: User | undefined): UserFormValues {
  return {
    name: user?.name ?? '',
    email: user?.email ?? '',
    countryCode: user?.countryCode ?? defaultCountryCode,
    phoneNumber: user?.phoneNumber ?? '',
    usr: user?.usr ?? '',
    role: 'user',
    accountId: '',
  };
}

/**
 * The server's own user schema, with the form's wording: an empty phone number reads
 * 'please enter phone number', and a super_admin adding someone must choose an account.
 */
export function userFormSchema(mode: UserFormMode, actorRole: Role) {
  const base = addUserBody
    .pick({ name: true, email: true, countryCode: true, usr: true, role: true })
    .extend({ phoneNumber: phoneNumberField('phoneRequired') });
  const choosesAccount = mode === 'add' && actorRole === 'super_admin';
  const editsEmail = mode === 'add' || actorRole === 'super_admin';
  return base.extend({
    email: editsEmail ? base.shape.email : z.string(),
    accountId: choosesAccount ? z.uuid({ error: messages.accountRequired }) : z.string(),
  });
}

export type UserFormOutput = z.output<ReturnType<typeof userFormSchema>>;
