import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mosquittoPubCommand, upTopic } from '../components/connection-snippet';
import type { GatewayCredentials } from './use-save-gateway';

interface ConfigurationModalProps {
  /** Shown while there are credentials; closing forgets them. */
  credentials: GatewayCredentials | null;
  onClose: () => void;
}

/** `configuration`: how a gateway connects, with its MQTT secret shown this once. */
export function ConfigurationModal({ credentials, onClose }: ConfigurationModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={credentials !== null}
      onClose={onClose}
      size="md"
      title={t('gateways.configuration.title')}
      closeOnClickOutside={false}
      data-testid="configuration"
    >
      {credentials && <Configuration credentials={credentials} onClose={onClose} />}
    </Modal>
  );
}

function Configuration({
  credentials,
  onClose,
}: {
  credentials: GatewayCredentials;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [now] = useState(() => new Date());
  const command = mosquittoPubCommand(credentials, now);
  return (
    <Stack gap="md">
      <Alert
        color="orange"
        variant="light"
        icon={<IconAlertTriangle size={18} />}
        title={t('gateways.configuration.warningTitle')}
      >
        {t('gateways.configuration.warning')}
      </Alert>
      <Text fz="sm">{t('gateways.configuration.intro', { name: credentials.gateway.name })}</Text>
      <Setting label={t('gateways.configuration.url')} value={credentials.mqtt.url} />
      <Setting label={t('gateways.configuration.username')} value={credentials.mqtt.username} />
      <Setting
        label={t('gateways.configuration.secret')}
        value={credentials.secret}
        copyLabel={t('gateways.configuration.copySecret')}
        testId="gateway-secret"
      />
      <Setting label={t('gateways.configuration.topic')} value={upTopic(credentials)} />
      <Setting
        label={t('gateways.configuration.snippet')}
        description={t('gateways.configuration.snippetDescription')}
        value={command}
        copyLabel={t('gateways.configuration.copySnippet')}
        block
      />
      <Group justify="flex-end">
        <Button onClick={onClose} data-autofocus>
          {t('gateways.configuration.done')}
        </Button>
      </Group>
    </Stack>
  );
}

interface SettingProps {
  label: string;
  description?: string;
  value: string;
  /** A copy button, for what is typed into the gateway. */
  copyLabel?: string;
  block?: boolean;
  testId?: string;
}

function Setting({ label, description, value, copyLabel, block, testId }: SettingProps) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text fz="sm" fw={600}>
          {label}
        </Text>
        {copyLabel && (
          <CopyButton value={value}>
            {({ copied, copy }) => (
              <Button
                size="compact-sm"
                variant={copied ? 'filled' : 'light'}
                color={copied ? 'teal' : undefined}
                leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                onClick={copy}
              >
                {copied ? t('common.copied') : copyLabel}
              </Button>
            )}
          </CopyButton>
        )}
      </Group>
      {description && (
        <Text fz="xs" c="dimmed">
          {description}
        </Text>
      )}
      <Code
        block={block}
        data-testid={testId}
        style={{ wordBreak: 'break-all', whiteSpace: block ? 'pre-wrap' : undefined }}
      >
        {value}
      </Code>
    </Stack>
  );
}
