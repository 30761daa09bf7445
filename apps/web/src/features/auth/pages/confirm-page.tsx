import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { isApiError } from '../../../lib/api-error';
import { useConfirmEmail } from '../api/confirm-email';
import { AuthCard } from '../components/auth-card';

export default function ConfirmPage() {
  const { t } = useTranslation();
  const emailToken = useParams().emailToken ?? '';
  const confirm = useConfirmEmail(emailToken);

  if (confirm.isPending) {
    return (
      <AuthCard title={t('auth.confirm.checking')}>
        <PageLoader />
      </AuthCard>
    );
  }
  const failed = confirm.isError;
  return (
    <AuthCard title={failed ? t('auth.confirm.errorTitle') : t('auth.confirm.successTitle')}>
      <Stack gap="md">
        {failed ? (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
            {isApiError(confirm.error) ? confirm.error.translated : t('errors.somethingWentWrong')}
          </Alert>
        ) : (
          <Alert color="teal" icon={<IconCircleCheck size={18} />} role="status">
            <Text fz="sm">{t('auth.confirm.successText')}</Text>
          </Alert>
        )}
        <Button component={Link} to="/login" fullWidth size="md">
          {t('auth.confirm.goToLogin')}
        </Button>
      </Stack>
    </AuthCard>
  );
}
