import { Button } from '@mantine/core';
import { IconCpuOff, IconDownload, IconPlus } from '@tabler/icons-react';
import type { Device } from '@vigil/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { SearchableListCard, useListSearch } from '../../../components/searchable-list-card';
import { useSession } from '../../../lib/session';
import { useDownloadDeviceList } from '../api/download-device-list';
import { useDevices } from '../api/list-devices';
import { DevicesTable } from '../components/devices-table';
import { AddEditDeviceModal } from '../modals/add-edit-device-modal';
import { DeleteDeviceModal } from '../modals/delete-device-modal';

interface ModalState {
  opened: boolean;
  device?: Device;
}

/** /devices — the account owner's sensor nodes (spec platform 2). */
export default function DevicesPage() {
  const { t } = useTranslation();
  const ownUserId = useSession()?.userId ?? '';
  const [form, setForm] = useState<ModalState>({ opened: false });
  const [toDelete, setToDelete] = useState<ModalState>({ opened: false });

  return (
    <>
      <PageHeader
        title={t('devices.title')}
        subtitle={t('devices.subtitle')}
        actions={
          <DevicesPageActions
            onAdd={() => {
              setForm({ opened: true });
            }}
          />
        }
      />
      <DevicesCard
        ownUserId={ownUserId}
        onEdit={(device) => {
          setForm({ opened: true, device });
        }}
        onDelete={(device) => {
          setToDelete({ opened: true, device });
        }}
      />
      <AddEditDeviceModal
        opened={form.opened}
        device={form.device}
        ownUserId={ownUserId}
        onClose={() => {
          setForm((current) => ({ ...current, opened: false }));
        }}
      />
      <DeleteDeviceModal
        opened={toDelete.opened}
        device={toDelete.device}
        onClose={() => {
          setToDelete((current) => ({ ...current, opened: false }));
        }}
      />
    </>
  );
}

/** The header's buttons: download the device list, add a device. */
function DevicesPageActions({ onAdd }: { onAdd: () => void }) {
  const { t } = useTranslation();
  const download = useDownloadDeviceList();
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconDownload size={18} />}
        loading={download.isPending}
        onClick={() => {
          download.mutate();
        }}
      >
        {t('devices.download')}
      </Button>
      <Button leftSection={<IconPlus size={18} />} onClick={onAdd}>
        {t('devices.add')}
      </Button>
    </>
  );
}

interface DevicesCardProps {
  ownUserId: string;
  onEdit: (device: Device) => void;
  onDelete: (device: Device) => void;
}

/** Search (debounced), the table and server paging. */
function DevicesCard({ ownUserId, onEdit, onDelete }: DevicesCardProps) {
  const { t } = useTranslation();
  const list = useListSearch();
  const devices = useDevices(ownUserId, { page: list.page, search: list.debounced });
  return (
    <SearchableListCard
      searchLabel={t('devices.search')}
      searchPlaceholder={t('devices.searchPlaceholder')}
      list={list}
      query={devices}
      emptyIcon={IconCpuOff}
      emptyText={t('devices.empty')}
    >
      {(items) => <DevicesTable devices={items} onEdit={onEdit} onDelete={onDelete} />}
    </SearchableListCard>
  );
}
