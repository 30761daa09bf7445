import { Alert, Button, Code, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy, IconKey } from '@tabler/icons-react';
import type { ApiKeyView } from '@vigil/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import { formatDateTime } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { useCreateApiKey } from '../api/create-api-key';
import { useApiKey } from '../api/get-api-key';

/** The account's API key: masked when it exists; a new one is shown in full exactly once. */
export function ApiKeyTab() {
  const { t } = useTranslation();
  const current = useApiKey();
  const create = useCreateApiKey();
  const [confirming, setConfirming] = useState(false);
  if (!current.data) return <PageLoader />;
  const newKey = create.data?.apiKey ?? null;
  const exists = current.data.apiKey !== null || newKey !== null;
  const generate = () => {
    setConfirming(false);
    create.mutate(undefined, {
      onSuccess: () => {
        notifySuccess(t('settings.apiKey.created'));
      },
    });
  };
  return (
    <Stack gap="md">
      <Text fz="sm" c="dimmed">
        {t('settings.apiKey.intro')}
      </Text>
      {newKey ? <NewKey apiKey={newKey} /> : <CurrentKey view={current.data} />}
      {confirming ? (
        <ReplaceConfirm
          onConfirm={generate}
          onCancel={() => {
            setConfirming(false);
          }}
        />
      ) : (
        <Group justify="flex-end">
          <Button
            loading={create.isPending}
            variant={exists ? 'default' : 'filled'}
            leftSection={<IconKey size={16} />}
            onClick={() => {
              if (exists) setConfirming(true);
              else generate();
            }}
          >
            {exists ? t('settings.apiKey.replace') : t('settings.apiKey.create')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function CurrentKey({ view }: { view: ApiKeyView }) {
  const { t } = useTranslation();
  if (view.apiKey === null) {
    return (
      <Alert variant="light" color="gray">
        {t('settings.apiKey.none')}
      </Alert>
    );
  }
  return (
    <TextInput
      label={t('settings.apiKey.current')}
      value={view.apiKey}
      readOnly
      leftSection={<IconKey size={16} />}
      description={t('settings.apiKey.createdAt', { date: formatDateTime(view.createdAt) })}
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
    />
  );
}

function ReplaceConfirm({ onConfirm, onCancel }: { onConfirm: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      color="orange"
      icon={<IconAlertTriangle size={18} />}
      title={t('settings.apiKey.replaceTitle')}
      role="alertdialog"
    >
      <Text fz="sm">{t('settings.apiKey.replaceText')}</Text>
      <Group justify="flex-end" mt="md" gap="sm">
        <Button variant="default" size="xs" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button color="orange" size="xs" onClick={onConfirm} data-autofocus>
          {t('settings.apiKey.replace')}
        </Button>
      </Group>
    </Alert>
  );
}

function NewKey({ apiKey }: { apiKey: string }) {
  const { t } = useTranslation();
  return (
    <Alert
      color="teal"
      variant="light"
      title={t('settings.apiKey.newKey')}
      icon={<IconKey size={18} />}
    >
      <Stack gap="sm">
        <Code block data-testid="new-api-key" style={{ wordBreak: 'break-all' }}>
          {apiKey}
        </Code>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Text fz="sm">{t('settings.apiKey.newKeyWarning')}</Text>
          <CopyButton value={apiKey}>
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
