import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconCloudUpload } from '@tabler/icons-react';
import {
  commandKind,
  gatewayFirmwareCommands,
  type Device,
  type FirmwareFile,
  type Gateway,
  type GatewayFirmwareCommand,
} from '@vigil/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { useFirmwareFiles } from '../api/list-firmware';
import { useUpdateFirmware } from '../api/update-firmware';

export type FirmwareSubject =
  { target: 'gateway'; gateway: Gateway } | { target: 'node'; device: Device };

interface UpdateFirmwareModalProps {
  subject: FirmwareSubject | undefined;
  onClose: () => void;
}

/** The version a gateway runs of the firmware a command replaces. */
function installedVersion(gateway: Gateway, command: GatewayFirmwareCommand): string | null {
  if (command === 'main_LoRa') return gateway.loraLastVersion;
  if (command === 'main_ota') return gateway.esp32LastVersion;
  return gateway.nextionLastVersion;
}

const fileLabel = (file: FirmwareFile) =>
  `${file.version} — ${file.filename} (${formatDateTime(file.createdAt)})`;

/**
 * Spec modal updatefirmware (platform 4): step 1 chooses the firmware (for a gateway, the
 * command main_LoRa, main_ota or nextion_main, and the uploaded file); step 2 confirms the
 * overwrite, with Back.
 */
export function UpdateFirmwareModal({ subject, onClose }: UpdateFirmwareModalProps) {
  const { t } = useTranslation();
  const flow = useUpdateFirmwareFlow(subject, onClose);
  const name = subject?.target === 'gateway' ? subject.gateway.name : (subject?.device.name ?? '');
  return (
    <Modal
      opened={subject !== undefined}
      onClose={flow.close}
      title={t('firmware.update.title', { name })}
      size="md"
      data-testid="updatefirmware"
    >
      {flow.step === 'choose' ? (
        <ChooseFirmwareStep flow={flow} />
      ) : (
        <ConfirmFirmwareStep flow={flow} subject={subject} name={name} />
      )}
    </Modal>
  );
}

/** The two steps' state: the command and file chosen, and the update that closes on success. */
function useUpdateFirmwareFlow(subject: FirmwareSubject | undefined, onClose: () => void) {
  const { t } = useTranslation();
  const [step, setStep] = useState<'choose' | 'confirm'>('choose');
  const [command, setCommand] = useState<GatewayFirmwareCommand>('main_ota');
  const [firmwareId, setFirmwareId] = useState<string | null>(null);
  const update = useUpdateFirmware();
  const target = subject?.target ?? 'gateway';
  const files = useFirmwareFiles(
    target,
    target === 'gateway' ? commandKind[command] : undefined,
    subject !== undefined,
  );
  const list = files.data?.list ?? [];
  const file = list.find((item) => item.id === firmwareId) ?? list[0];

  const close = () => {
    setStep('choose');
    setFirmwareId(null);
    update.reset();
    onClose();
  };
  const confirm = () => {
    if (!subject || !file) return;
    const request =
      subject.target === 'gateway'
        ? { target: 'gateway' as const, id: subject.gateway.id, command, firmwareId: file.id }
        : { target: 'node' as const, id: subject.device.id, firmwareId: file.id };
    update.mutate(request, {
      onSuccess: () => {
        notifySuccess(t('firmware.update.success'));
        close();
      },
    });
  };
  const state = { step, setStep, command, setCommand, setFirmwareId, target, list, file };
  return { ...state, loading: files.isLoading, pending: update.isPending, close, confirm };
}

type UpdateFirmwareFlow = ReturnType<typeof useUpdateFirmwareFlow>;

/** Step 1: the command (for a gateway) and the uploaded file. */
function ChooseFirmwareStep({ flow }: { flow: UpdateFirmwareFlow }) {
  const { t } = useTranslation();
  const { target, command, list, file } = flow;
  return (
    <Stack gap="md">
      <Text fz="sm" c="dimmed">
        {t('firmware.update.stepChoose')}
      </Text>
      {target === 'gateway' && (
        <Select
          label={t('firmware.update.command')}
          data={gatewayFirmwareCommands.map((value) => ({
            value,
            label: t(`firmware.commands.${value}`),
          }))}
          value={command}
          allowDeselect={false}
          onChange={(value) => {
            if (value) flow.setCommand(value);
            flow.setFirmwareId(null);
          }}
        />
      )}
      <Select
        label={t('firmware.update.file')}
        placeholder={flow.loading ? t('firmware.loading') : t('firmware.update.noFiles')}
        data={list.map((item) => ({ value: item.id, label: fileLabel(item) }))}
        value={file?.id ?? null}
        allowDeselect={false}
        disabled={list.length === 0}
        onChange={flow.setFirmwareId}
      />
      {!flow.loading && list.length === 0 && (
        <Alert color="yellow">{t('firmware.update.uploadFirst')}</Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={flow.close}>
          {t('common.cancel')}
        </Button>
        <Button
          disabled={!file}
          onClick={() => {
            flow.setStep('confirm');
          }}
        >
          {t('firmware.update.next')}
        </Button>
      </Group>
    </Stack>
  );
}

interface ConfirmFirmwareStepProps {
  flow: UpdateFirmwareFlow;
  subject: FirmwareSubject | undefined;
  name: string;
}

/** Step 2: confirms the overwrite of the installed version, with Back. */
function ConfirmFirmwareStep({ flow, subject, name }: ConfirmFirmwareStepProps) {
  const { t } = useTranslation();
  const { target, command, file } = flow;
  const current =
    subject?.target === 'gateway'
      ? installedVersion(subject.gateway, command)
      : (subject?.device.fvLastVersion ?? null);
  return (
    <Stack gap="md">
      <Text>
        {t('firmware.update.confirmText', {
          firmware: target === 'gateway' ? t(`firmware.commands.${command}`) : t('firmware.node'),
          name,
          current: current ?? t('common.notAvailable'),
          version: file?.version ?? '',
        })}
      </Text>
      <Text fz="sm" c="dimmed">
        {file ? file.filename : ''}
      </Text>
      <Group justify="space-between">
        <Button
          variant="default"
          leftSection={<IconArrowLeft size={18} />}
          onClick={() => {
            flow.setStep('choose');
          }}
          disabled={flow.pending}
        >
          {t('firmware.update.back')}
        </Button>
        <Button
          color="orange"
          leftSection={<IconCloudUpload size={18} />}
          loading={flow.pending}
          onClick={flow.confirm}
          data-autofocus
        >
          {t('firmware.update.confirm')}
        </Button>
      </Group>
    </Stack>
  );
}
