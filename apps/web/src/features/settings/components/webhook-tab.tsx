import {
  Alert,
  Button,
  Code,
  CopyButton,
  Group,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCheck, IconCopy, IconRefresh, IconWebhook } from '@tabler/icons-react';
import { webhookBody, type WebhookView } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import { inputProps, showServerError, validateWith } from '../../../lib/forms';
import { notifySuccess } from '../../../lib/notify';
import { useSaveWebhook, useWebhook } from '../api/webhook';

/** The account's webhook: alarm messages POSTed as signed JSON; the secret is shown once. */
export function WebhookTab() {
  const current = useWebhook();
  if (current.isPending) return <PageLoader />;
  return <WebhookForm view={current.data ?? null} />;
}

interface WebhookValues extends Record<string, unknown> {
  url: string;
  enable: boolean;
}

/** The webhook's form; a save may rotate the secret, which is then shown once. */
function useWebhookForm(view: WebhookView | null) {
  const { t } = useTranslation();
  const save = useSaveWebhook();
  const form = useForm<WebhookValues>({
    initialValues: { url: view?.url ?? '', enable: view?.enable ?? true },
    validate: validateWith(webhookBody),
  });
  const send = (values: WebhookValues, rotateSecret: boolean) => {
    save.mutate(
      { url: values.url.trim(), enable: values.enable, rotateSecret },
      {
        onSuccess: () => {
          notifySuccess(t('notifications.webhook.saved'));
        },
        onError: (error) => {
          showServerError(form, error);
        },
      },
    );
  };
  const secret = save.data?.secret ?? null;
  return { form, send, secret, saving: save.isPending };
}

function WebhookForm({ view }: { view: WebhookView | null }) {
  const { t } = useTranslation();
  const { form, send, secret, saving } = useWebhookForm(view);
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        send(values, false);
      })}
    >
      <Stack gap="md">
        <Text fz="sm" c="dimmed">
          {t('notifications.webhook.intro')}
        </Text>
        <TextInput
          label={t('notifications.webhook.url')}
          placeholder="https://example.com/vigil"
          leftSection={<IconWebhook size={16} />}
          required
          {...inputProps(form, 'url')}
        />
        <Switch
          label={t('notifications.webhook.enable')}
          {...inputProps(form, 'enable', { type: 'checkbox' })}
        />
        {secret ? (
          <NewSecret secret={secret} />
        ) : (
          view && (
            <Text fz="sm">
              {t('notifications.webhook.secretHint')} <Code>{view.secretHint}</Code>
            </Text>
          )
        )}
        <Group justify="flex-end" gap="sm">
          {view && (
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} />}
              loading={saving}
              onClick={() => {
                const checked = form.validate();
                if (!checked.hasErrors) send(form.getValues(), true);
              }}
            >
              {t('notifications.webhook.rotate')}
            </Button>
          )}
          <Button type="submit" loading={saving}>
            {t('notifications.webhook.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function NewSecret({ secret }: { secret: string }) {
  const { t } = useTranslation();
  return (
    <Alert color="teal" variant="light" title={t('notifications.webhook.newSecret')}>
      <Stack gap="sm">
        <Code block data-testid="webhook-secret" style={{ wordBreak: 'break-all' }}>
          {secret}
        </Code>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Text fz="sm">{t('notifications.webhook.newSecretWarning')}</Text>
          <CopyButton value={secret}>
            {({ copied, copy }) => (
              <Button
                size="xs"
                variant={copied ? 'filled' : 'light'}
                color="teal"
                leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                onClick={copy}
              >
                {copied ? t('common.copied') : t('common.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </Alert>
  );
}
