import { Table } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { AlertProfile, TemperatureUnit } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { DataTable, hideBelow } from '../../../components/data-table';
import { RowActions } from '../../../components/row-actions';
import { formatTemperature } from '../../../lib/temperature';

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

interface AlertProfilesTableProps {
  rows: AlertProfile[];
  unit: TemperatureUnit;
  /** Only owners change profiles. */
  owner: boolean;
  onEdit: (profile: AlertProfile) => void;
  onDelete: (profile: AlertProfile) => void;
}

/** The alert profiles: name, each metric's limits, spill, status and (owners) the actions. */
export function AlertProfilesTable(props: AlertProfilesTableProps) {
  const { rows } = props;
  const { t } = useTranslation();
  return (
    <DataTable stickyActions>
      <Table striped highlightOnHover>
        <AlertProfilesHead />
        <Table.Tbody>
          {rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={9} c="dimmed">
                {t('alarmDefinitions.profile.empty')}
              </Table.Td>
            </Table.Tr>
          )}
          {rows.map((profile) => (
            <AlertProfileRow key={profile.profileId} profile={profile} {...props} />
          ))}
        </Table.Tbody>
      </Table>
    </DataTable>
  );
}

function AlertProfilesHead() {
  const { t } = useTranslation();
  return (
    <Table.Thead>
      <Table.Tr>
        <Table.Th>{t('alarmDefinitions.profile.columns.name')}</Table.Th>
        <Table.Th {...hideBelow('sm')}>{t('alarmDefinitions.profile.columns.temp')}</Table.Th>
        <Table.Th {...hideBelow('md')}>{t('alarmDefinitions.profile.columns.humidity')}</Table.Th>
        <Table.Th {...hideBelow('md')}>{t('alarmDefinitions.profile.columns.co2')}</Table.Th>
        <Table.Th {...hideBelow('md')}>{t('alarmDefinitions.profile.columns.thermo')}</Table.Th>
        <Table.Th {...hideBelow('md')}>{t('alarmDefinitions.profile.columns.pressure')}</Table.Th>
        <Table.Th {...hideBelow('md')}>{t('alarmDefinitions.profile.columns.spill')}</Table.Th>
        <Table.Th {...hideBelow('sm')}>{t('alarmDefinitions.columns.status')}</Table.Th>
        <Table.Th>{t('alarmDefinitions.columns.action')}</Table.Th>
      </Table.Tr>
    </Table.Thead>
  );
}

function AlertProfileRow(props: AlertProfilesTableProps & { profile: AlertProfile }) {
  const { profile, unit, owner, onEdit, onDelete } = props;
  const { t } = useTranslation();
  return (
    <Table.Tr>
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
                label: t('alarmDefinitions.profile.edit', { name: profile.profileName }),
                icon: IconPencil,
                onClick: () => {
                  onEdit(profile);
                },
              },
              {
                label: t('alarmDefinitions.profile.delete', { name: profile.profileName }),
                icon: IconTrash,
                color: 'red',
                onClick: () => {
                  onDelete(profile);
                },
              },
            ]}
          />
        )}
      </Table.Td>
    </Table.Tr>
  );
}
