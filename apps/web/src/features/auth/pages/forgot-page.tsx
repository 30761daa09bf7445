import { Anchor, Button, Center, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconArrowLeft } from '@tabler/icons-react';
import { forgotBody } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { inputProps, showServerError } from '../../../lib/forms';
import { notifySuccess } from '../../../lib/notify';
import { useForgotPassword } from '../api/forgot-password';
import { AuthCard } from '../components/auth-card';
import { useRedirectAfter } from '../components/use-redirect-after';

export default function ForgotPage() {
  const { t } = useTranslation();
  const forgot = useForgotPassword();
  const redirect = useRedirectAfter('/login', 2000);
  const form = useForm({
    initialValues: { email: '' },
    validate: schemaResolver(forgotBody, { sync: true }),
  });

  const submit = form.onSubmit((values) => {
    forgot.mutate(forgotBody.parse(values).email, {
      onSuccess: () => {
        notifySuccess(t('auth.forgot.success'));
        redirect();
      },
      onError: (error) => {
        showServerError(form, error);
      },
    });
  });

  return (
    <AuthCard title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('auth.email')}
            type="email"
            autoComplete="email"
            required
            data-autofocus
            {...inputProps(form, 'email')}
          />
          <Button
            type="submit"
            fullWidth
            size="md"
            loading={forgot.isPending}
            disabled={forgot.isSuccess}
          >
            {t('auth.forgot.submit')}
          </Button>
          <Center>
            <Anchor component={Link} to="/login" fz="sm">
              <IconArrowLeft size={14} style={{ verticalAlign: 'middle', marginRight: 4 }} />
              {t('auth.backToLogin')}
            </Anchor>
          </Center>
        </Stack>
      </form>
    </AuthCard>
  );
}
