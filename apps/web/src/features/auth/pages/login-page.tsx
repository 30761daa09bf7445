import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { loginBody } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { inputProps } from '../../../lib/forms';
import { notifySuccess } from '../../../lib/notify';
import { homePath, signIn } from '../../../lib/session';
import { useLogin } from '../api/login';
import { AuthCard } from '../components/auth-card';

const schema = loginBody.pick({ email: true, password: true });

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const login = useLogin();
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: schemaResolver(schema, { sync: true }),
  });

  const submit = form.onSubmit((values) => {
    login.mutate(schema.parse(values), {
      onSuccess: (session) => {
        signIn(session);
        notifySuccess(t('auth.login.success'));
        void navigate(homePath(session.role), { replace: true });
      },
    });
  });

  return (
    <AuthCard title={t('auth.login.title')} subtitle={t('auth.login.subtitle')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
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
          <Button type="submit" fullWidth size="md" loading={login.isPending}>
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
