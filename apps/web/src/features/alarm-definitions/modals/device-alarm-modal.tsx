import { Alert, Modal, Stack, TextInput } from '@mantine/core';
import { alarmMetrics, deviceAlarmBody, type DeviceAlarm, type Role } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { useFieldErrors } from '../../../lib/field-errors';
import { useVoiceCall } from '../api/form-options';
import { useSaveDeviceAlarm } from '../api/save-device-alarm';
import { AlarmFormButtons, AlarmSettingsFields } from '../components/alarm-settings-fields';
import { useSaveFlow } from '../components/use-save-flow';
import { useUnitDraft } from '../components/use-unit-draft';
import { alarmDraft, alarmPayload, type AlarmDraft } from '../form-values';

/** The payload fields this form shows a message under. */
const alarmFields = [
  'name',
  ...alarmMetrics.flatMap((metric) => [metric.min, metric.max]),
  'users',
  'emailEnable',
] as const;

interface DeviceAlarmModalProps {
  opened: boolean;
  deviceId: string;
  /** The alarm to edit; none to add one. */
  alarm: DeviceAlarm | undefined;
  role: Role;
  onClose: () => void;
}

/** `addEditDeviceAlarm` (large): every threshold, recipient and delivery setting of an alarm. */
export function DeviceAlarmModal({
  opened,
  deviceId,
  alarm,
  role,
  onClose,
}: DeviceAlarmModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="xl"
      title={alarm ? t('alarmDefinitions.alarm.editTitle') : t('alarmDefinitions.alarm.addTitle')}
      data-testid="addEditDeviceAlarm"
    >
      {opened && (
        <DeviceAlarmForm deviceId={deviceId} alarm={alarm} role={role} onClose={onClose} />
      )}
    </Modal>
  );
}

function DeviceAlarmForm({
  deviceId,
  alarm,
  role,
  onClose,
}: Omit<DeviceAlarmModalProps, 'opened'>) {
  const { t } = useTranslation();
  const voiceCall = useVoiceCall();
  const { unit, draft, patch } = useUnitDraft<AlarmDraft>((shownUnit) =>
    alarmDraft(alarm, shownUnit),
  );
  const errors = useFieldErrors<string>(alarmFields);
  const save = useSaveDeviceAlarm();
  const flow = useSaveFlow(onClose, errors.serverError);

  const submit = (event: React.SyntheticEvent) => {
    event.preventDefault();
    const body = { ...alarmPayload(draft, unit), deviceId };
    if (!errors.check(deviceAlarmBody, body)) {
      // Spec monitoring 5: the inline text of an empty name.
      if (!draft.name.trim()) errors.set('name', t('alarmDefinitions.form.nameRequired'));
      return;
    }
    const { deviceId: _device, ...changes } = body;
    flow.run(
      () => save.mutateAsync(alarm ? { id: alarm.id, body: changes } : { body }),
      alarm ? t('alarmDefinitions.alarm.saved') : t('alarmDefinitions.alarm.added'),
    );
  };

  return (
    <form onSubmit={submit} noValidate>
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
          data-autofocus
          value={draft.name}
          error={errors.error('name')}
          onChange={(event) => {
            patch({ name: event.currentTarget.value });
            errors.clear('name');
          }}
        />
        <AlarmSettingsFields
          draft={draft}
          unit={unit}
          patch={patch}
          errors={errors}
          canPickUsers={role === 'super_user'}
          voiceCall={voiceCall}
        />
        <AlarmFormButtons locked={flow.locked} saving={save.isPending} onCancel={onClose} />
      </Stack>
    </form>
  );
}
