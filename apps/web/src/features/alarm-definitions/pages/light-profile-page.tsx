import {
  Alert,
  Button,
  Divider,
  Group,
  MultiSelect,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { lightAlarmBody, lightAlarmUpdateBody, luxRange, type DeviceAlarm } from '@vigil/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, hideBelow } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { RowActions } from '../../../components/row-actions';
import { useSession } from '../../../lib/session';
import { useDeviceOptions } from '../api/form-options';
import { useLightAlarms } from '../api/list-light-alarms';
import { useSaveLightAlarm } from '../api/save-light-alarm';
import { DeliveryFields } from '../components/delivery-fields';
import { RangeField } from '../components/metric-fields';
import { RecipientsField } from '../components/recipients-field';
import { useSaveFlow } from '../components/use-save-flow';
import { useFieldErrors } from '../../../lib/field-errors';
import { WeekdaySchedule } from '../components/weekday-schedule';
import { lightDraft, lightPayload, type LightDraft } from '../light-values';
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
            <DataTable stickyActions>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('alarmDefinitions.columns.alarmName')}</Table.Th>
                    <Table.Th>{t('alarmDefinitions.columns.deviceName')}</Table.Th>
                    <Table.Th {...hideBelow('sm')}>{t('alarmDefinitions.light.lux')}</Table.Th>
                    <Table.Th {...hideBelow('sm')}>{t('alarmDefinitions.columns.status')}</Table.Th>
                    <Table.Th>{t('alarmDefinitions.columns.action')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.map((alarm) => (
                    <Table.Tr key={alarm.id}>
                      <Table.Td>{alarm.name}</Table.Td>
                      <Table.Td>{alarm.deviceInfo.name}</Table.Td>
                      <Table.Td {...hideBelow('sm')}>
                        {alarm.minLux} – {alarm.maxLux} lux
                      </Table.Td>
                      <Table.Td {...hideBelow('sm')}>
                        {alarm.enable
                          ? t('alarmDefinitions.status.enabled')
                          : t('alarmDefinitions.status.disabled')}
                      </Table.Td>
                      <Table.Td>
                        <RowActions
                          actions={
                            alarm.canEdit
                              ? [
                                  {
                                    label: t('alarmDefinitions.alarm.edit', { name: alarm.name }),
                                    icon: IconPencil,
                                    onClick: () => {
                                      setEditing(alarm);
                                    },
                                  },
                                  {
                                    label: t('alarmDefinitions.alarm.delete', { name: alarm.name }),
                                    icon: IconTrash,
                                    color: 'red',
                                    onClick: () => {
                                      setDeleting(alarm);
                                    },
                                  },
                                ]
                              : []
                          }
                        />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </DataTable>
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

/** The payload fields the light form shows a message under. */
const lightFields = ['name', 'minLux', 'maxLux', 'devices', 'users', 'emailEnable'] as const;

function LightForm({ alarm, onDone }: { alarm: DeviceAlarm | undefined; onDone: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const devices = useDeviceOptions(session?.userId ?? '');
  const [draft, setDraft] = useState<LightDraft>(() => lightDraft(alarm));
  const errors = useFieldErrors<string>(lightFields);
  const save = useSaveLightAlarm();
  const flow = useSaveFlow(onDone, errors.serverError);
  const patch = (next: Partial<LightDraft>) => {
    setDraft((current) => ({ ...current, ...next }));
  };
  // Only devices whose latest reading carries a lux value have a light sensor.
  const lightDevices = (devices.data?.list ?? []).filter(
    (device) => device.latestData.nodeData?.light_s != null,
  );

  const submit = (event: React.SyntheticEvent) => {
    event.preventDefault();
    const { devices: chosen, ...fields } = lightPayload(draft);
    const passes = (schema: Parameters<typeof errors.check>[0], payload: unknown) => {
      if (errors.check(schema, payload)) return true;
      if (!draft.name.trim()) errors.set('name', t('alarmDefinitions.form.nameRequired'));
      return false;
    };
    if (alarm) {
      if (!passes(lightAlarmUpdateBody, fields)) return;
      flow.run(
        () => save.mutateAsync({ id: alarm.id, body: fields }),
        t('alarmDefinitions.light.saved'),
      );
      return;
    }
    const body = { ...fields, devices: chosen };
    if (!passes(lightAlarmBody, body)) return;
    flow.run(() => save.mutateAsync({ body }), t('alarmDefinitions.light.added'));
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('alarmDefinitions.light.formLabel')}>
      <Stack gap="md">
        {flow.saved && (
          <Alert color="teal" variant="light">
            {flow.saved}
          </Alert>
        )}
        <TextInput
          label={t('alarmDefinitions.form.name')}
          required
          maxLength={30}
          value={draft.name}
          error={errors.error('name')}
          onChange={(event) => {
            patch({ name: event.currentTarget.value });
            errors.clear('name');
          }}
        />
        <WeekdaySchedule
          schedule={draft.schedule}
          onChange={(schedule) => {
            patch({ schedule });
          }}
        />
        <RangeField
          label={t('alarmDefinitions.light.lux')}
          suffix="lux"
          logarithmic
          bounds={[luxRange.min, luxRange.max]}
          withToggle={false}
          enabled
          range={draft.lux}
          errors={[errors.error('minLux'), errors.error('maxLux')]}
          onEnabledChange={() => undefined}
          onRangeChange={(lux) => {
            patch({ lux });
            errors.clear('minLux');
            errors.clear('maxLux');
          }}
        />
        {alarm ? (
          <Text size="sm">
            {t('alarmDefinitions.form.device')}: {alarm.deviceInfo.name}
          </Text>
        ) : (
          <MultiSelect
            label={t('alarmDefinitions.form.devices')}
            description={t('alarmDefinitions.light.devicesHint')}
            required
            searchable
            data={lightDevices.map((d) => ({ value: d.id, label: d.name }))}
            value={draft.devices}
            error={errors.error('devices')}
            onChange={(ids) => {
              patch({ devices: ids });
              errors.clear('devices');
            }}
          />
        )}
        <Divider />
        <RecipientsField
          recipients={draft.recipients}
          canPickUsers={session?.role === 'super_user'}
          error={errors.error('users')}
          onChange={(recipients) => {
            patch({ recipients });
            errors.clear('users');
          }}
        />
        <Divider />
        <DeliveryFields
          draft={draft}
          voiceCall={false}
          channelError={errors.error('emailEnable')}
          onChange={(changes) => {
            patch(changes);
            errors.clear('emailEnable');
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={flow.locked} loading={save.isPending}>
            {t('alarmDefinitions.light.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
