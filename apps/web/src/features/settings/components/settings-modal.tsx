import { Alert, Modal, Stack, Tabs, Text } from '@mantine/core';
import {
  IconBellRinging,
  IconInfoCircle,
  IconKey,
  IconTemperature,
  IconWebhook,
  IconWifiOff,
} from '@tabler/icons-react';
import type { Role } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { ApiKeyTab } from './api-key-tab';
import { EscalationTab } from './escalation-tab';
import { OfflineAlarmsTab } from './offline-alarms-tab';
import { TemperatureTab } from './temperature-tab';
import { WebhookTab } from './webhook-tab';

interface SettingsModalProps {
  opened: boolean;
  role: Role;
  onClose: () => void;
}

/**
 * `toggleTempModal` (medium): temperature unit, offline alarms, alarm escalation, API key and
 * webhook of the account.
 */
export function SettingsModal({ opened, role, onClose }: SettingsModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="md"
      title={t('settings.title')}
      data-testid="toggleTempModal"
    >
      {role === 'super_admin' ? <NoAccount /> : <SettingsTabs canEdit={role === 'super_user'} />}
    </Modal>
  );
}

function NoAccount() {
  const { t } = useTranslation();
  return (
    <Alert icon={<IconInfoCircle size={18} />} title={t('settings.noAccountTitle')} variant="light">
      {t('settings.noAccount')}
    </Alert>
  );
}

function SettingsTabs({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      {!canEdit && (
        <Alert icon={<IconInfoCircle size={18} />} variant="light" color="gray" p="sm">
          <Text fz="sm">{t('settings.readOnly')}</Text>
        </Alert>
      )}
      <Tabs defaultValue="temperature" keepMounted={false} styles={{ tab: { paddingInline: 10 } }}>
        <SettingsTabList canEdit={canEdit} />
        <Tabs.Panel value="temperature" pt="lg">
          <TemperatureTab canEdit={canEdit} />
        </Tabs.Panel>
        <Tabs.Panel value="offline" pt="lg">
          <OfflineAlarmsTab canEdit={canEdit} />
        </Tabs.Panel>
        {canEdit && (
          <Tabs.Panel value="escalation" pt="lg">
            <EscalationTab />
          </Tabs.Panel>
        )}
        {canEdit && (
          <Tabs.Panel value="apiKey" pt="lg">
            <ApiKeyTab />
          </Tabs.Panel>
        )}
        {canEdit && (
          <Tabs.Panel value="webhook" pt="lg">
            <WebhookTab />
          </Tabs.Panel>
        )}
      </Tabs>
    </Stack>
  );
}

/** The tabs: temperature and offline alarms for everyone; escalation, API key and webhook for owners. */
function SettingsTabList({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  return (
    <Tabs.List>
      <Tabs.Tab
        value="temperature"
        leftSection={<IconTemperature size={16} />}
        data-testid="settings-tab-temperature"
      >
        {t('settings.tabs.temperature')}
      </Tabs.Tab>
      <Tabs.Tab
        value="offline"
        leftSection={<IconWifiOff size={16} />}
        data-testid="settings-tab-offline"
      >
        {t('settings.tabs.offlineAlarms')}
      </Tabs.Tab>
      {canEdit && (
        <Tabs.Tab
          value="escalation"
          leftSection={<IconBellRinging size={16} />}
          data-testid="settings-tab-escalation"
        >
          {t('settings.tabs.escalation')}
        </Tabs.Tab>
      )}
      {canEdit && (
        <Tabs.Tab
          value="apiKey"
          leftSection={<IconKey size={16} />}
          data-testid="settings-tab-api-key"
        >
          {t('settings.tabs.apiKey')}
        </Tabs.Tab>
      )}
      {canEdit && (
        <Tabs.Tab
          value="webhook"
          leftSection={<IconWebhook size={16} />}
          data-testid="settings-tab-webhook"
        >
          {t('notifications.webhook.tab')}
        </Tabs.Tab>
      )}
    </Tabs.List>
  );
}
