import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { IconDownload, IconPlus, IconRefresh, IconUpload } from '@tabler/icons-react';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import type { Gateway } from '@vigil/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { sharedKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';
import { useDownloadGatewayList } from '../api/download-gateway-list';
import type { GatewayScope } from '../api/list-gateways';
import { useLiveFirmware } from '../api/live-firmware';
import { useSendLoraFrequency } from '../api/send-lora-frequency';
import { GatewaysCard } from '../components/gateways-card';
import { AddEditGatewayModal } from '../modals/add-edit-gateway-modal';
import { ConfigurationModal } from '../modals/configuration-modal';
import { DeleteGatewayModal } from '../modals/delete-gateway-modal';
import { RotateSecretModal } from '../modals/rotate-secret-modal';
import { UpdateFirmwareModal } from '../modals/update-firmware-modal';
import { UploadFirmwareModal } from '../modals/upload-firmware-modal';
import type { GatewayCredentials } from '../modals/use-save-gateway';

/** /gateways — the account owner manages theirs; the platform administrator sees them all. */
export default function GatewaysPage() {
  const session = useSession();
  return session?.role === 'super_admin' ? (
    <PlatformGateways />
  ) : (
    <AccountGateways ownUserId={session?.userId ?? ''} />
  );
}

/**
 * Spec platform 2: firmware columns, a refresh control, upload firmware and a per-row firmware
 * update (live progress from the gateway) and LoRa frequency; no add, edit or delete.
 */
function PlatformGateways() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const scope: GatewayScope = { kind: 'global' };
  const fetching = useIsFetching({ queryKey: [...sharedKeys.gateways, 'list', scope] }) > 0;
  const [uploading, setUploading] = useState(false);
  const [updating, setUpdating] = useState<Gateway | undefined>(undefined);
  const loraFrequency = useSendLoraFrequency();
  useLiveFirmware();
  return (
    <>
      <PageHeader
        title={t('gateways.title')}
        subtitle={t('gateways.subtitleAdmin')}
        actions={
          <>
            <Button
              leftSection={<IconUpload size={18} />}
              onClick={() => {
                setUploading(true);
              }}
            >
              {t('firmware.upload.button')}
            </Button>
            <Tooltip label={t('gateways.refresh')}>
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={t('gateways.refresh')}
                loading={fetching}
                onClick={() => {
                  void queryClient.invalidateQueries({ queryKey: sharedKeys.gateways });
                }}
              >
                <IconRefresh size={18} />
              </ActionIcon>
            </Tooltip>
          </>
        }
      />
      <GatewaysCard
        scope={scope}
        actions={undefined}
        firmwareActions={{
          onUpdateFirmware: setUpdating,
          onSendLoraFrequency: (gateway) => {
            loraFrequency.mutate(gateway.id);
          },
        }}
      />
      <UploadFirmwareModal
        opened={uploading}
        target="gateway"
        onClose={() => {
          setUploading(false);
        }}
      />
      <UpdateFirmwareModal
        subject={updating ? { target: 'gateway', gateway: updating } : undefined}
        onClose={() => {
          setUpdating(undefined);
        }}
      />
    </>
  );
}

interface GatewayModal {
  opened: boolean;
  gateway?: Gateway;
}

const closed = (current: GatewayModal) => ({ ...current, opened: false });

function AccountGateways({ ownUserId }: { ownUserId: string }) {
  const { t } = useTranslation();
  const [form, setForm] = useState<GatewayModal>({ opened: false });
  const [toDelete, setToDelete] = useState<GatewayModal>({ opened: false });
  const [toRotate, setToRotate] = useState<GatewayModal>({ opened: false });
  const [credentials, setCredentials] = useState<GatewayCredentials | null>(null);
  const download = useDownloadGatewayList();
  return (
    <>
      <PageHeader
        title={t('gateways.title')}
        subtitle={t('gateways.subtitleOwner')}
        actions={
          <>
            <Button
              variant="default"
              leftSection={<IconDownload size={18} />}
              loading={download.isPending}
              onClick={() => {
                download.mutate();
              }}
            >
              {t('gateways.download')}
            </Button>
            <Button
              leftSection={<IconPlus size={18} />}
              onClick={() => {
                setForm({ opened: true });
              }}
            >
              {t('gateways.add')}
            </Button>
          </>
        }
      />
      <GatewaysCard
        scope={{ kind: 'account', ownUserId }}
        actions={{
          onEdit: (gateway) => {
            setForm({ opened: true, gateway });
          },
          onRotateSecret: (gateway) => {
            setToRotate({ opened: true, gateway });
          },
          onDelete: (gateway) => {
            setToDelete({ opened: true, gateway });
          },
        }}
      />
      <AddEditGatewayModal
        opened={form.opened}
        gateway={form.gateway}
        onClose={() => {
          setForm(closed);
        }}
        onCreated={setCredentials}
      />
      <RotateSecretModal
        opened={toRotate.opened}
        gateway={toRotate.gateway}
        onClose={() => {
          setToRotate(closed);
        }}
        onRotated={setCredentials}
      />
      <DeleteGatewayModal
        opened={toDelete.opened}
        gateway={toDelete.gateway}
        onClose={() => {
          setToDelete(closed);
        }}
      />
      <ConfigurationModal
        credentials={credentials}
        onClose={() => {
          setCredentials(null);
        }}
      />
    </>
  );
}
