import { Button, Card, Center, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { IconBuilding, IconCloudUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { Device } from '@vigil/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, hideBelow } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { RowActions } from '../../../components/row-actions';
import { formatDateTime } from '../../../lib/format';
import { useLiveFirmware } from '../api/live-firmware';
import { otaDevicesQuery, useOtaDevices } from '../api/list-ota-devices';
import { FirmwareCell } from '../components/firmware-cell';
import { FirmwareHeaderActions } from '../components/gateways-header-actions';
import { UpdateFirmwareModal } from '../modals/update-firmware-modal';
import { UploadFirmwareModal } from '../modals/upload-firmware-modal';

/** The linked account of a node device: company name and email. */
function AccountModal({ device, onClose }: { device: Device | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={device !== undefined}
      onClose={onClose}
      title={t('firmware.ota.accountTitle', { name: device?.name ?? '' })}
      size="md"
      data-testid="otaAccount"
    >
      <Stack gap="xs">
        <Text fz="sm" c="dimmed">
          {t('firmware.ota.companyName')}
        </Text>
        <Text fw={600}>{device?.account.companyName}</Text>
        <Text fz="sm" c="dimmed" mt="sm">
          {t('firmware.ota.email')}
        </Text>
        <Text>{device?.account.email}</Text>
      </Stack>
    </Modal>
  );
}

interface RowProps {
  device: Device;
  otaStatus: string | null;
  onAccount: (device: Device) => void;
  onUpdate: (device: Device) => void;
}

function OtaDeviceRow({ device, otaStatus, onAccount, onUpdate }: RowProps) {
  const { t } = useTranslation();
  return (
    <Table.Tr>
      <Table.Td ff="monospace" style={{ whiteSpace: 'nowrap' }} {...hideBelow('sm')}>
        {device.deviceId.toUpperCase()}
      </Table.Td>
      <Table.Td fw={600}>{device.name}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }} {...hideBelow('md')}>
        {formatDateTime(device.createdAt)}
      </Table.Td>
      <Table.Td>
        <FirmwareCell
          lastVersion={device.fvLastVersion}
          newVersion={device.fvNewVersion}
          otaStatus={otaStatus}
        />
      </Table.Td>
      <Table.Td>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconBuilding size={16} />}
          onClick={() => {
            onAccount(device);
          }}
        >
          {t('firmware.ota.accountButton')}
        </Button>
      </Table.Td>
      <Table.Td>
        <RowActions
          actions={[
            {
              label: t('firmware.update.action', { name: device.name }),
              icon: IconCloudUpload,
              onClick: () => {
                onUpdate(device);
              },
            },
          ]}
        />
      </Table.Td>
    </Table.Tr>
  );
}

/** Each node's OTA status as the live firmware events report it. */
function useLiveOtaStatuses() {
  const [statuses, setStatuses] = useState<Record<string, string | null>>({});
  useLiveFirmware((event) => {
    const device = event.device;
    if (device) setStatuses((current) => ({ ...current, [device.id]: device.otaStatus }));
  });
  return statuses;
}

interface OtaDevicesTableProps {
  list: Device[];
  statuses: Record<string, string | null>;
  onAccount: (device: Device) => void;
  onUpdate: (device: Device) => void;
}

/** The node devices: id, name, created, firmware (live status), account and update. */
function OtaDevicesTable({ list, statuses, onAccount, onUpdate }: OtaDevicesTableProps) {
  const { t } = useTranslation();
  return (
    <DataTable stickyActions>
      <Table striped highlightOnHover verticalSpacing="sm" fz="sm" data-testid="ota-devices-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th {...hideBelow('sm')}>{t('firmware.ota.columns.deviceId')}</Table.Th>
            <Table.Th>{t('firmware.ota.columns.name')}</Table.Th>
            <Table.Th {...hideBelow('md')}>{t('firmware.ota.columns.createdAt')}</Table.Th>
            <Table.Th>{t('firmware.ota.columns.firmware')}</Table.Th>
            <Table.Th {...hideBelow('md')}>{t('firmware.ota.columns.account')}</Table.Th>
            <Table.Th ta="right">{t('firmware.ota.columns.action')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.map((device) => (
            <OtaDeviceRow
              key={device.id}
              device={device}
              otaStatus={statuses[device.id] ?? null}
              onAccount={onAccount}
              onUpdate={onUpdate}
            />
          ))}
        </Table.Tbody>
      </Table>
    </DataTable>
  );
}

/** The node devices' card: a loader, the empty text or the table. */
function OtaDevicesCard(props: OtaDevicesTableProps & { loading: boolean }) {
  const { loading, list } = props;
  const { t } = useTranslation();
  return (
    <Card withBorder padding={0} radius="md">
      {loading ? (
        <Center p="xl">
          <Loader aria-label={t('firmware.loading')} />
        </Center>
      ) : list.length === 0 ? (
        <Text p="xl" ta="center" c="dimmed">
          {t('firmware.ota.empty')}
        </Text>
      ) : (
        <OtaDevicesTable {...props} />
      )}
    </Card>
  );
}

/** /otaDevices (spec platform 2): every account's node devices and their firmware. */
export default function OtaDevicesPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const devices = useOtaDevices();
  const [account, setAccount] = useState<Device | undefined>(undefined);
  const [updating, setUpdating] = useState<Device | undefined>(undefined);
  const [uploading, setUploading] = useState(false);
  const statuses = useLiveOtaStatuses();
  const list = devices.data?.list ?? [];

  return (
    <>
      <PageHeader
        title={t('firmware.ota.title')}
        subtitle={t('firmware.ota.subtitle')}
        actions={
          <FirmwareHeaderActions
            uploadLabel={t('firmware.ota.uploadButton')}
            fetching={devices.isFetching}
            onUpload={() => {
              setUploading(true);
            }}
            onRefresh={() => {
              void queryClient.invalidateQueries({ queryKey: otaDevicesQuery().queryKey });
            }}
          />
        }
      />
      <OtaDevicesCard
        loading={devices.isLoading}
        list={list}
        statuses={statuses}
        onAccount={setAccount}
        onUpdate={setUpdating}
      />
      <AccountModal
        device={account}
        onClose={() => {
          setAccount(undefined);
        }}
      />
      <UploadFirmwareModal
        opened={uploading}
        target="node"
        onClose={() => {
          setUploading(false);
        }}
      />
      <UpdateFirmwareModal
        subject={updating ? { target: 'node', device: updating } : undefined}
        onClose={() => {
          setUpdating(undefined);
        }}
      />
    </>
  );
}
