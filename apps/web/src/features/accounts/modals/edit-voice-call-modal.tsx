import { Button, Group, Modal, Stack, Switch, Text } from '@mantine/core';
import type { AccountSummary } from '@vigil/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify';
import { useUpdateVoiceCall } from '../api/update-voice-call';

interface EditVoiceCallModalProps {
  account: AccountSummary | undefined;
  onClose: () => void;
}

/** `editVoiceCall`: turn voice-call alarms on or off for one account. */
export function EditVoiceCallModal({ account, onClose }: EditVoiceCallModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={account !== undefined}
      onClose={onClose}
      title={t('accounts.voiceCallModal.title')}
      size="md"
      data-testid="editVoiceCall"
    >
      {account && <VoiceCallForm key={account.id} account={account} onClose={onClose} />}
    </Modal>
  );
}

/** Keyed by account: it starts from that account's current setting. */
function VoiceCallForm({ account, onClose }: { account: AccountSummary; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateVoiceCall();
  const [voiceCall, setVoiceCall] = useState(account.voiceCall);
  const save = () => {
    update.mutate(
      { id: account.id, voiceCall },
      {
        onSuccess: () => {
          notifySuccess(t('accounts.voiceCallModal.saved'));
          onClose();
        },
      },
    );
  };
  return (
    <Stack>
      <Text size="sm">{t('accounts.voiceCallModal.text', { name: account.companyName })}</Text>
      <Switch
        label={t('accounts.voiceCallModal.label')}
        checked={voiceCall}
        onChange={(event) => {
          setVoiceCall(event.currentTarget.checked);
        }}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={update.isPending}>
          {t('common.cancel')}
        </Button>
        <Button loading={update.isPending} onClick={save}>
          {t('accounts.voiceCallModal.save')}
        </Button>
      </Group>
    </Stack>
  );
}
