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
import {
  AccountGatewayActions,
  FirmwareHeaderActions,
} from '../components/gateways-header-actions';
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
          <FirmwareHeaderActions
            uploadLabel={t('firmware.upload.button')}
            fetching={fetching}
            onUpload={() => {
              setUploading(true);
            }}
            onRefresh={() => {
              void queryClient.invalidateQueries({ queryKey: sharedKeys.gateways });
            }}
          />
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

/** The owner's modals: add or edit, rotate the secret, delete, and the credentials shown once. */
function useGatewayModals() {
  const [form, setForm] = useState<GatewayModal>({ opened: false });
  const [toDelete, setToDelete] = useState<GatewayModal>({ opened: false });
  const [toRotate, setToRotate] = useState<GatewayModal>({ opened: false });
  const [credentials, setCredentials] = useState<GatewayCredentials | null>(null);
  return {
    form,
    setForm,
    toDelete,
    setToDelete,
    toRotate,
    setToRotate,
    credentials,
    setCredentials,
  };
}

function AccountGateways({ ownUserId }: { ownUserId: string }) {
  const { t } = useTranslation();
  const modals = useGatewayModals();
  const { setForm, setToRotate, setToDelete } = modals;
  const download = useDownloadGatewayList();
  return (
    <>
      <PageHeader
        title={t('gateways.title')}
        subtitle={t('gateways.subtitleOwner')}
        actions={
          <AccountGatewayActions
            downloading={download.isPending}
            onDownload={() => {
              download.mutate();
            }}
            onAdd={() => {
              setForm({ opened: true });
            }}
          />
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
      <AccountGatewayModals modals={modals} />
    </>
  );
}

function AccountGatewayModals({ modals }: { modals: ReturnType<typeof useGatewayModals> }) {
  const { form, setForm, toDelete, setToDelete, toRotate, setToRotate, setCredentials } = modals;
  return (
    <>
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
        credentials={modals.credentials}
        onClose={() => {
          setCredentials(null);
        }}
      />
    </>
  );
}
