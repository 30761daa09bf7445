import { Anchor, Button, Checkbox, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm, type FormErrors, type UseFormReturnType } from '@mantine/form';
import { defaultCountryCode, messages, passwordIsIdentity, signupFields } from '@vigil/contracts';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { PhoneFields } from '../../../components/phone-fields';
import {
  inputProps,
  passwordsMatch,
  phoneFieldsProps,
  showServerError,
  validateWith,
} from '../../../lib/forms';
import { currentLanguage } from '../../../lib/i18n';
import { notifySuccess } from '../../../lib/notify';
import { useSignup } from '../api/signup';
import { AuthCard } from '../components/auth-card';
import { useRedirectAfter } from '../components/use-redirect-after';

const fields = signupFields.pick({
  name: true,
  email: true,
  password: true,
  companyName: true,
  countryCode: true,
  phoneNumber: true,
});

/** The server's sign-up body plus the two things only the form checks. */
const schema = fields.extend({
  confirmPassword: z.string(),
  consent: z.literal(true, { error: messages.consentRequired }),
});

type SignupValues = Omit<z.input<typeof schema>, 'countryCode' | 'consent'> & {
  countryCode: string;
  consent: boolean;
};

/** The server's rule, shown under the field as it is typed: not the email or the name. */
const passwordNotIdentity = (values: SignupValues): FormErrors =>
  passwordIsIdentity(values.password, values) ? { password: messages.passwordIsIdentity } : {};

const initialValues: SignupValues = {
  name: '',
  email: '',
  password: '',
  confirmPassword: '',
  companyName: '',
  countryCode: defaultCountryCode,
  phoneNumber: '',
  consent: false,
};

export default function SignupPage() {
  const { t } = useTranslation();
  const signup = useSignup();
  const redirect = useRedirectAfter('/login', 1000);
  const form = useForm<SignupValues>({
    initialValues,
    // A common or guessable password is refused by the server: its reason lands under the field.
    validate: validateWith(schema, passwordsMatch, passwordNotIdentity),
  });

  const submit = form.onSubmit((values) => {
    const body = { ...fields.parse(values), language: currentLanguage() };
    signup.mutate(body, {
      onSuccess: () => {
        notifySuccess(t('auth.signup.success'), t('auth.signup.checkEmail', { email: body.email }));
        redirect();
      },
      onError: (error) => {
        showServerError(form, error);
      },
    });
  });

  return (
    <AuthCard title={t('auth.signup.title')} subtitle={t('auth.signup.subtitle')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SignupFields form={form} />
          <Button
            type="submit"
            fullWidth
            size="md"
            mt="xs"
            disabled={!form.values.consent || signup.isSuccess}
            loading={signup.isPending}
          >
            {t('auth.signup.submit')}
          </Button>
          <Text ta="center" fz="sm" c="dimmed">
            {t('auth.signup.haveAccount')}{' '}
            <Anchor component={Link} to="/login" fw={600}>
              {t('auth.signup.login')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}

type SignupForm = UseFormReturnType<SignupValues>;

const legalLink = (to: string) => <Anchor component={Link} to={to} target="_blank" />;

function SignupFields({ form }: { form: SignupForm }) {
  const { t } = useTranslation();
  return (
    <>
      <TextInput
        label={t('auth.signup.name')}
        autoComplete="name"
        required
        data-autofocus
        {...inputProps(form, 'name')}
      />
      <TextInput
        label={t('auth.email')}
        type="email"
        autoComplete="email"
        required
        {...inputProps(form, 'email')}
      />
      <PasswordInput
        label={t('auth.password')}
        description={t('auth.passwordHint')}
        autoComplete="new-password"
        required
        {...inputProps(form, 'password')}
      />
      <PasswordInput
        label={t('auth.signup.confirmPassword')}
        autoComplete="new-password"
        required
        {...inputProps(form, 'confirmPassword')}
      />
      <TextInput
        label={t('auth.signup.companyName')}
        autoComplete="organization"
        required
        {...inputProps(form, 'companyName')}
      />
      <PhoneFields {...phoneFieldsProps(form)} />
      <Checkbox
        mt="xs"
        label={
          <Trans
            i18nKey="auth.signup.consent"
            components={{
              terms: legalLink('/termsAndConditions'),
              privacy: legalLink('/privacyPolicy'),
            }}
          />
        }
        {...inputProps(form, 'consent', { type: 'checkbox' })}
      />
    </>
  );
}
