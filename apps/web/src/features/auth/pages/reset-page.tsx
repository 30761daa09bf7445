import { Alert, Anchor, Button, Center, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconArrowLeft } from '@tabler/icons-react';
import { resetBody, type tokenCheckReply } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import { PageLoader } from '../../../components/page-loader';
import { inputProps, passwordsMatch, showServerError, validateWith } from '../../../lib/forms';
import { notifySuccess } from '../../../lib/notify';
import { useResetToken } from '../api/check-reset-token';
import { useResetPassword } from '../api/reset-password';
import { AuthCard } from '../components/auth-card';
import { useRedirectAfter } from '../components/use-redirect-after';

const schema = resetBody.extend({ confirmPassword: z.string() });

type TokenCheck = z.infer<typeof tokenCheckReply>['data'];

export default function ResetPage() {
  const { t } = useTranslation();
  const token = useParams().token ?? '';
  const check = useResetToken(token);

  if (check.isPending) return <PageLoader />;
  if (check.isError) {
    return (
      <AuthCard title={t('auth.reset.invalidTitle')}>
        <Stack gap="md">
          <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
            {t('auth.reset.invalidText')}
          </Alert>
          <Button component={Link} to="/forgot" fullWidth size="md">
            {t('auth.reset.requestNew')}
          </Button>
          <BackToLogin />
        </Stack>
      </AuthCard>
    );
  }
  return <ResetForm token={token} check={check.data} />;
}

function BackToLogin() {
  const { t } = useTranslation();
  return (
    <Center>
      <Anchor component={Link} to="/login" fz="sm">
        <IconArrowLeft size={14} style={{ verticalAlign: 'middle', marginRight: 4 }} />
        {t('auth.backToLogin')}
      </Anchor>
    </Center>
  );
}

/** The new password twice, and the reset that returns to the login page after 2 s. */
function useResetForm(token: string) {
  const { t } = useTranslation();
  const reset = useResetPassword();
  const redirect = useRedirectAfter('/login', 2000);
  const form = useForm({
    initialValues: { password: '', confirmPassword: '' },
    validate: validateWith(schema, passwordsMatch),
  });

  const submit = form.onSubmit((values) => {
    reset.mutate(
      { token, password: values.password },
      {
        onSuccess: () => {
          notifySuccess(t('auth.reset.success'));
          redirect();
        },
        onError: (error) => {
          showServerError(form, error);
        },
      },
    );
  });
  return { form, submit, pending: reset.isPending, done: reset.isSuccess };
}

function ResetForm({ token, check }: { token: string; check: TokenCheck }) {
  const { t } = useTranslation();
  const { form, submit, pending, done } = useResetForm(token);
  const invite = check.purpose === 'invite';
  return (
    <AuthCard
      title={invite ? t('auth.reset.inviteTitle') : t('auth.reset.title')}
      subtitle={
        invite
          ? t('auth.reset.inviteSubtitle', { email: check.email })
          : t('auth.reset.subtitle', { email: check.email })
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <input type="hidden" autoComplete="username" value={check.email} readOnly />
          <PasswordInput
            label={t('auth.reset.password')}
            description={t('auth.passwordHint')}
            autoComplete="new-password"
            required
            data-autofocus
            {...inputProps(form, 'password')}
          />
          <PasswordInput
            label={t('auth.reset.confirmPassword')}
            autoComplete="new-password"
            required
            {...inputProps(form, 'confirmPassword')}
          />
          <Button type="submit" fullWidth size="md" loading={pending} disabled={done}>
            {invite ? t('auth.reset.inviteSubmit') : t('auth.reset.submit')}
          </Button>
          <BackToLogin />
        </Stack>
      </form>
    </AuthCard>
  );
}
