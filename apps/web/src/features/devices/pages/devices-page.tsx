import { Button, Center, Paper, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCpuOff, IconDownload, IconPlus, IconSearch } from '@tabler/icons-react';
import type { Device } from '@vigil/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { PaginationBar } from '../../../components/pagination-bar';
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
  const download = useDownloadDeviceList();

  return (
    <>
      <PageHeader
        title={t('devices.title')}
        subtitle={t('devices.subtitle')}
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
              {t('devices.download')}
            </Button>
            <Button
              leftSection={<IconPlus size={18} />}
              onClick={() => {
                setForm({ opened: true });
              }}
            >
              {t('devices.add')}
            </Button>
          </>
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

interface DevicesCardProps {
  ownUserId: string;
  onEdit: (device: Device) => void;
  onDelete: (device: Device) => void;
}

/** Search (debounced), the table and server paging. */
function DevicesCard({ ownUserId, onEdit, onDelete }: DevicesCardProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const devices = useDevices(ownUserId, { page, search: debouncedSearch });
  const list = devices.data?.list ?? [];

  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
      <TextInput
        label={t('devices.search')}
        placeholder={t('devices.searchPlaceholder')}
        leftSection={<IconSearch size={16} />}
        type="search"
        maw={{ sm: 360 }}
        mb="md"
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
      />
      {devices.isPending ? (
        <PageLoader />
      ) : list.length === 0 || !devices.data ? (
        <EmptyDevices />
      ) : (
        <>
          <DevicesTable devices={list} onEdit={onEdit} onDelete={onDelete} />
          <PaginationBar pagination={devices.data.meta.pagination} onPageChange={setPage} />
        </>
      )}
    </Paper>
  );
}

function EmptyDevices() {
  const { t } = useTranslation();
  return (
    <Center py={48}>
      <Stack align="center" gap="xs">
        <ThemeIcon size={56} radius={28} variant="light" color="gray" aria-hidden>
          <IconCpuOff size={28} />
        </ThemeIcon>
        <Text c="dimmed">{t('devices.empty')}</Text>
      </Stack>
    </Center>
  );
}
