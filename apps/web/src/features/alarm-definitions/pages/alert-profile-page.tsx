import { Button, Paper, TextInput, Title } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import type { AlertProfile, TemperatureUnit } from '@vigil/contracts';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { useSession } from '../../../lib/session';
import { useTemperatureUnit } from '../../../lib/use-temperature-unit';
import { useAlertProfiles } from '../api/list-alert-profiles';
import { AlertProfilesTable } from '../components/alert-profiles-table';
import { AlertProfileModal } from '../modals/alert-profile-modal';
import { DeleteAlertProfileModal } from '../modals/delete-alert-profile-modal';

/** /alertProfile: searchable, unpaged, horizontally scrolling; only owners change profiles. */
export default function AlertProfilePage() {
  const { t } = useTranslation();
  const unit = useTemperatureUnit();
  const session = useSession();
  const owner = session?.role === 'super_user';
  const [editing, setEditing] = useState<{ profile: AlertProfile | undefined } | null>(null);
  const [deleting, setDeleting] = useState<AlertProfile | undefined>();

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
      <AlertProfilesCard
        unit={unit}
        owner={owner}
        onEdit={(profile) => {
          setEditing({ profile });
        }}
        onDelete={setDeleting}
      />
      <AlertProfileModal
        opened={editing !== null}
        profile={editing?.profile}
        onClose={() => {
          setEditing(null);
        }}
      />
      <DeleteAlertProfileModal
        profile={deleting}
        onClose={() => {
          setDeleting(undefined);
        }}
      />
    </>
  );
}

interface AlertProfilesCardProps {
  unit: TemperatureUnit;
  owner: boolean;
  onEdit: (profile: AlertProfile) => void;
  onDelete: (profile: AlertProfile) => void;
}

/** The search (debounced) and the matching profiles' table. */
function AlertProfilesCard({ unit, owner, onEdit, onDelete }: AlertProfilesCardProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const profiles = useAlertProfiles(debounced);
  const rows = profiles.data?.result ?? [];
  return (
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
        <AlertProfilesTable
          rows={rows}
          unit={unit}
          owner={owner}
          onEdit={onEdit}
          onDelete={onDelete}
        />
      )}
    </Paper>
  );
}
