import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { Session } from '@vigil/contracts';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../../../lib/api-error';
import { inputProps } from '../../../lib/forms';
import { notifyError } from '../../../lib/notify';
import { notifySuccess } from '../../../lib/notify';
import { homePath, signIn } from '../../../lib/session';
import { useLogin } from '../api/login';
import { AuthCard } from '../components/auth-card';

const preloadSchemas = () => {
  void import('../api/login-schemas');
};

interface LoginPageProps {
  /**
   * Called as the person starts typing (or a password manager fills the form) and again as the
   * request is sent: the app may start loading what comes after sign-in.
   */
  preload?: () => void;
  /**
   * Awaited once the server has accepted the person, before they are signed in here (the button
   * still busy): the app may wait for the code of the page it opens, so that it shows at once.
   */
  prepare?: (session: Session) => Promise<unknown>;
  /** Called once the person is signed in, before the app leaves this page. */
  onSignedIn?: (session: Session) => void;
}

/** The sign-in form: the contracts' rules on submit, then the login; refusals under their field. */
function useLoginForm({ preload, prepare, onSignedIn }: LoginPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const login = useLogin({ onSent: preload, prepare });
  const form = useForm({ initialValues: { email: '', password: '' } });

  // The rules are the contracts' (spec platform 5), loaded with Zod on the first submit.
  const submit = form.onSubmit(async (values) => {
    const { loginForm } = await import('../api/login-schemas');
    const errors = schemaResolver(loginForm, { sync: true })(values);
    form.setErrors(errors);
    if (Object.keys(errors).length > 0) return;
    login.mutate(loginForm.parse(values), {
      onSuccess: (session) => {
        signIn(session);
        onSignedIn?.(session);
        notifySuccess(t('auth.login.success'));
        void navigate(homePath(session.role), { replace: true });
      },
      onError: (error) => {
        // A refused sign-in is said under the field it concerns (the password, unless the
        // server names another), not in a toast.
        if (!isApiError(error) || error.status === 0 || error.status >= 500) {
          notifyError(isApiError(error) ? error.translated : t('errors.somethingWentWrong'));
          return;
        }
        form.setFieldError(error.field === 'email' ? 'email' : 'password', error.message);
      },
    });
  });
  return { form, submit, signingIn: login.isPending };
}

export default function LoginPage(props: LoginPageProps) {
  const { t } = useTranslation();
  const { form, submit, signingIn } = useLoginForm(props);
  // Whoever types here is about to sign in: what follows loads while they type.
  const onInput = () => {
    preloadSchemas();
    props.preload?.();
  };

  return (
    <AuthCard title={t('auth.login.title')} subtitle={t('auth.login.subtitle')}>
      <form onSubmit={submit} onInput={onInput} noValidate>
        <Stack gap="md">
          <TextInput
            // Someone about to sign in: fetch the form's rules (and Zod) before the click.
            onFocus={preloadSchemas}
            label={t('auth.email')}
            type="email"
            autoComplete="username"
            required
            autoFocus
            {...inputProps(form, 'email')}
          />
          <div>
            <PasswordInput
              label={t('auth.password')}
              autoComplete="current-password"
              required
              {...inputProps(form, 'password')}
            />
            <Group justify="flex-end" mt={6}>
              <Anchor component={Link} to="/forgot" fz="sm">
                {t('auth.login.forgot')}
              </Anchor>
            </Group>
          </div>
          <Button type="submit" fullWidth size="md" loading={signingIn}>
            {t('auth.login.submit')}
          </Button>
          <Text ta="center" fz="sm" c="dimmed">
            {t('auth.login.noAccount')}{' '}
            <Anchor component={Link} to="/admin/signup" fw={600}>
              {t('auth.login.signup')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
