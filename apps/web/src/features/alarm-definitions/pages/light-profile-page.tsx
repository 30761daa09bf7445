import { Paper, Stack, Text, Title } from '@mantine/core';
import type { DeviceAlarm } from '@vigil/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { useLightAlarms } from '../api/list-light-alarms';
import { LightAlarmsTable } from '../components/light-alarms-table';
import { LightForm } from '../components/light-form';
import { DeleteAlarmModal } from '../modals/delete-alarm-modal';

/**
 * /lightProfile: a lux alarm on a weekly schedule for devices with a light sensor, and the
 * list of existing light alarms to edit or delete.
 */
export default function LightProfilePage() {
  const { t } = useTranslation();
  const alarms = useLightAlarms();
  const [editing, setEditing] = useState<DeviceAlarm | undefined>();
  const [formKey, setFormKey] = useState(0);
  const [deleting, setDeleting] = useState<DeviceAlarm | undefined>();
  const reset = () => {
    setEditing(undefined);
    setFormKey((key) => key + 1);
  };
  const list = alarms.data?.list ?? [];
  return (
    <>
      <PageHeader
        title={t('alarmDefinitions.light.title')}
        subtitle={t('alarmDefinitions.light.subtitle')}
      />
      <Stack gap="lg">
        <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
          <LightForm
            key={`${editing?.id ?? 'new'}-${String(formKey)}`}
            alarm={editing}
            onDone={reset}
          />
        </Paper>
        <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
          <Title order={4} mb="sm">
            {t('alarmDefinitions.light.existing')}
          </Title>
          {alarms.isPending ? (
            <Text>{t('alarmDefinitions.loading')}</Text>
          ) : list.length === 0 ? (
            <Text c="dimmed">{t('alarmDefinitions.light.none')}</Text>
          ) : (
            <LightAlarmsTable list={list} onEdit={setEditing} onDelete={setDeleting} />
          )}
        </Paper>
      </Stack>
      <DeleteAlarmModal
        alarm={deleting}
        onClose={() => {
          setDeleting(undefined);
        }}
      />
    </>
  );
}
