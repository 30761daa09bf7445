import { Button, Paper, Table, TextInput, Title } from '@mantine/core';
import { IconPencil, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import type { AlertProfile, TemperatureUnit } from '@vigil/contracts';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, hideBelow } from '../../../components/data-table';
import { ConfirmModal } from '../../../components/confirm-modal';
import { PageHeader } from '../../../components/page-header';
import { RowActions } from '../../../components/row-actions';
import { notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { formatTemperature } from '../../../lib/temperature';
import { useTemperatureUnit } from '../../../lib/use-temperature-unit';
import { useDeleteAlertProfile } from '../api/delete-alert-profile';
import { useAlertProfiles } from '../api/list-alert-profiles';
import { AlertProfileModal } from '../modals/alert-profile-modal';

type Pair = [number | null, number | null];

const pairText = (enabled: boolean, [min, max]: Pair, show: (value: number) => string) =>
  enabled && min !== null && max !== null ? `${show(min)} / ${show(max)}` : '—';

/** The profile table's cells: temperatures with 1 decimal in the account's unit. */
function profileCells(profile: AlertProfile, unit: TemperatureUnit) {
  const temp = (value: number) => formatTemperature(value, unit, { digits: 1 });
  return [
    pairText(profile.tempEnabled, [profile.minTemp, profile.maxTemp], temp),
    pairText(profile.humidityEnabled, [profile.minHumidity, profile.maxHumidity], (v) => `${v} %`),
    pairText(profile.carbonEnabled, [profile.minCarbon, profile.maxCarbon], (v) => `${v} %`),
    pairText(profile.shtTEnabled, [profile.minShtT, profile.maxShtT], temp),
    pairText(
      profile.pressureEnabled,
      [profile.minPressure, profile.maxPressure],
      (v) => `${v} hPa`,
    ),
  ];
}

/** /alertProfile: searchable, unpaged, horizontally scrolling; only owners change profiles. */
export default function AlertProfilePage() {
  const { t } = useTranslation();
  const unit = useTemperatureUnit();
  const session = useSession();
  const owner = session?.role === 'super_user';
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const profiles = useAlertProfiles(debounced);
  const [editing, setEditing] = useState<{ profile: AlertProfile | undefined } | null>(null);
  const [deleting, setDeleting] = useState<AlertProfile | undefined>();
  const remove = useDeleteAlertProfile();
  const rows = profiles.data?.result ?? [];

  return (
    <>
      <PageHeader
        title={t('alarmDefinitions.profile.title')}
        subtitle={t('alarmDefinitions.profile.subtitle')}
        actions={
          owner && (
            <Button
              leftSection={<IconPlus size={18} />}
              onClick={() => {
                setEditing({ profile: undefined });
              }}
            >
              {t('alarmDefinitions.profile.add')}
            </Button>
          )
        }
      />
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
        <TextInput
          label={t('alarmDefinitions.profile.search')}
          leftSection={<IconSearch size={16} />}
          type="search"
          maw={{ sm: 360 }}
          mb="md"
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
          }}
        />
        {profiles.isPending ? (
          <Title order={4}>{t('alarmDefinitions.loading')}</Title>
        ) : (
          <DataTable stickyActions>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('alarmDefinitions.profile.columns.name')}</Table.Th>
                  <Table.Th {...hideBelow('sm')}>
                    {t('alarmDefinitions.profile.columns.temp')}
                  </Table.Th>
                  <Table.Th {...hideBelow('md')}>
                    {t('alarmDefinitions.profile.columns.humidity')}
                  </Table.Th>
                  <Table.Th {...hideBelow('md')}>
                    {t('alarmDefinitions.profile.columns.co2')}
                  </Table.Th>
                  <Table.Th {...hideBelow('md')}>
                    {t('alarmDefinitions.profile.columns.thermo')}
                  </Table.Th>
                  <Table.Th {...hideBelow('md')}>
                    {t('alarmDefinitions.profile.columns.pressure')}
                  </Table.Th>
                  <Table.Th {...hideBelow('md')}>
                    {t('alarmDefinitions.profile.columns.spill')}
                  </Table.Th>
                  <Table.Th {...hideBelow('sm')}>{t('alarmDefinitions.columns.status')}</Table.Th>
                  <Table.Th>{t('alarmDefinitions.columns.action')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={9} c="dimmed">
                      {t('alarmDefinitions.profile.empty')}
                    </Table.Td>
                  </Table.Tr>
                )}
                {rows.map((profile) => (
                  <Table.Tr key={profile.profileId}>
                    <Table.Td>{profile.profileName}</Table.Td>
                    {profileCells(profile, unit).map((cell, index) => (
                      <Table.Td
                        key={index}
                        style={{ whiteSpace: 'nowrap' }}
                        {...hideBelow(index === 0 ? 'sm' : 'md')}
                      >
                        {cell}
                      </Table.Td>
                    ))}
                    <Table.Td {...hideBelow('md')}>
                      {profile.waterEnabled
                        ? t('alarmDefinitions.status.enabled')
                        : t('alarmDefinitions.status.disabled')}
                    </Table.Td>
                    <Table.Td {...hideBelow('sm')}>
                      {profile.enable
                        ? t('alarmDefinitions.status.enabled')
                        : t('alarmDefinitions.status.disabled')}
                    </Table.Td>
                    <Table.Td>
                      {owner && (
                        <RowActions
                          actions={[
                            {
                              label: t('alarmDefinitions.profile.edit', {
                                name: profile.profileName,
                              }),
                              icon: IconPencil,
                              onClick: () => {
                                setEditing({ profile });
                              },
                            },
                            {
                              label: t('alarmDefinitions.profile.delete', {
                                name: profile.profileName,
                              }),
                              icon: IconTrash,
                              color: 'red',
                              onClick: () => {
                                setDeleting(profile);
                              },
                            },
                          ]}
                        />
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </DataTable>
        )}
      </Paper>
      <AlertProfileModal
        opened={editing !== null}
        profile={editing?.profile}
        onClose={() => {
          setEditing(null);
        }}
      />
      <ConfirmModal
        name="deleteAlertProfile"
        opened={deleting !== undefined}
        title={t('alarmDefinitions.profile.deleteTitle')}
        confirmLabel={t('alarmDefinitions.profile.deleteConfirm')}
        danger
        loading={remove.isPending}
        onClose={() => {
          setDeleting(undefined);
        }}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.profileId, {
            onSuccess: () => {
              notifySuccess(t('alarmDefinitions.profile.deleted'));
              setDeleting(undefined);
            },
          });
        }}
      >
        {t('alarmDefinitions.profile.deleteText', { name: deleting?.profileName ?? '' })}
      </ConfirmModal>
    </>
  );
}
