import { Alert, Button, Divider, Group, MultiSelect, Stack, Text, TextInput } from '@mantine/core';
import { lightAlarmBody, lightAlarmUpdateBody, luxRange, type DeviceAlarm } from '@vigil/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldErrors } from '../../../lib/field-errors';
import { useSession } from '../../../lib/session';
import { useDeviceOptions } from '../api/form-options';
import { useSaveLightAlarm } from '../api/save-light-alarm';
import { lightDraft, lightPayload, type LightDraft } from '../light-values';
import { DeliveryFields } from './delivery-fields';
import { RangeField } from './metric-fields';
import { RecipientsField } from './recipients-field';
import { useSaveFlow } from './use-save-flow';
import { WeekdaySchedule } from './weekday-schedule';

/** The payload fields the light form shows a message under. */
const lightFields = ['name', 'minLux', 'maxLux', 'devices', 'users', 'emailEnable'] as const;

type LightErrors = ReturnType<typeof useFieldErrors<string>>;

/** The light alarm's draft, its validation and the save (an update keeps the device). */
function useLightForm(alarm: DeviceAlarm | undefined, onDone: () => void) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<LightDraft>(() => lightDraft(alarm));
  const errors = useFieldErrors<string>(lightFields);
  const save = useSaveLightAlarm();
  const flow = useSaveFlow(onDone, errors.serverError);
  const patch = (next: Partial<LightDraft>) => {
    setDraft((current) => ({ ...current, ...next }));
  };

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
  return { draft, patch, errors, save, flow, submit };
}

interface LightFormProps {
  alarm: DeviceAlarm | undefined;
  onDone: () => void;
}

/** The light alarm form: name, weekly schedule, lux range, devices, recipients and delivery. */
export function LightForm({ alarm, onDone }: LightFormProps) {
  const { t } = useTranslation();
  const { draft, patch, errors, save, flow, submit } = useLightForm(alarm, onDone);

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
        <LuxField draft={draft} patch={patch} errors={errors} />
        <LightDevicesField alarm={alarm} draft={draft} patch={patch} errors={errors} />
        <Divider />
        <LightRecipientsField draft={draft} patch={patch} errors={errors} />
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

interface LightFieldProps {
  draft: LightDraft;
  patch: (next: Partial<LightDraft>) => void;
  errors: LightErrors;
}

/** The recipients; only an account owner picks existing users. */
function LightRecipientsField({ draft, patch, errors }: LightFieldProps) {
  const session = useSession();
  return (
    <RecipientsField
      recipients={draft.recipients}
      canPickUsers={session?.role === 'super_user'}
      error={errors.error('users')}
      onChange={(recipients) => {
        patch({ recipients });
        errors.clear('users');
      }}
    />
  );
}

/** The lux range, always on, on a logarithmic slider. */
function LuxField({ draft, patch, errors }: LightFieldProps) {
  const { t } = useTranslation();
  return (
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
  );
}

/** A new alarm picks devices with a light sensor; an existing one names its device. */
function LightDevicesField(props: LightFieldProps & { alarm: DeviceAlarm | undefined }) {
  const { alarm, draft, patch, errors } = props;
  const { t } = useTranslation();
  const session = useSession();
  const devices = useDeviceOptions(session?.userId ?? '');
  // Only devices whose latest reading carries a lux value have a light sensor.
  const lightDevices = (devices.data?.list ?? []).filter(
    (device) => device.latestData.nodeData?.light_s != null,
  );
  if (alarm) {
    return (
      <Text size="sm">
        {t('alarmDefinitions.form.device')}: {alarm.deviceInfo.name}
      </Text>
    );
  }
  return (
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
  );
}
