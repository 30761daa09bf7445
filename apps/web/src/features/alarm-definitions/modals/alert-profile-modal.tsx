import { Alert, Modal, MultiSelect, Stack, TextInput } from '@mantine/core';
import { alarmMetrics, alertProfileBody, type AlertProfile } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { useFieldErrors } from '../../../lib/field-errors';
import { useSession } from '../../../lib/session';
import { useDeviceOptions, useVoiceCall } from '../api/form-options';
import { useSaveAlertProfile } from '../api/save-alert-profile';
import { AlarmFormButtons, AlarmSettingsFields } from '../components/alarm-settings-fields';
import { useSaveFlow } from '../components/use-save-flow';
import { useUnitDraft } from '../components/use-unit-draft';
import {
  deliveryDraft,
  deliveryPayload,
  metricDrafts,
  thresholdPayload,
  type AlarmDraft,
} from '../form-values';

/** The payload fields this form shows a message under. */
const profileFields = [
  'profileName',
  'devices',
  ...alarmMetrics.flatMap((metric) => [metric.min, metric.max]),
  'users',
  'emailEnable',
] as const;

interface AlertProfileModalProps {
  opened: boolean;
  profile: AlertProfile | undefined;
  onClose: () => void;
}

/** `alertProfiles` (large): a profile's thresholds, devices and recipients. */
export function AlertProfileModal({ opened, profile, onClose }: AlertProfileModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="xl"
      title={
        profile ? t('alarmDefinitions.profile.editTitle') : t('alarmDefinitions.profile.addTitle')
      }
      data-testid="alertProfiles"
    >
      {opened && <AlertProfileForm profile={profile} onClose={onClose} />}
    </Modal>
  );
}

type ProfileDraft = AlarmDraft & { devices: string[] };

/** The profile's draft, its validation and the save that keeps the modal open on success. */
function useAlertProfileForm(profile: AlertProfile | undefined, onClose: () => void) {
  const { t } = useTranslation();
  const { unit, draft, patch } = useUnitDraft<ProfileDraft>((shownUnit) => ({
    name: profile?.profileName ?? '',
    metrics: metricDrafts(profile, shownUnit),
    waterEnabled: profile?.waterEnabled ?? false,
    ...deliveryDraft(profile),
    devices: profile?.devices.map((d) => d.id) ?? [],
  }));
  const errors = useFieldErrors<string>(profileFields);
  const save = useSaveAlertProfile();
  const flow = useSaveFlow(onClose, errors.serverError);

  const submit = (event: React.SyntheticEvent) => {
    event.preventDefault();
    const body = {
      profileName: draft.name,
      ...thresholdPayload(draft.metrics, draft.waterEnabled, unit),
      ...deliveryPayload(draft),
      phoneEnable: draft.textEnable,
      devices: draft.devices,
    };
    if (!errors.check(alertProfileBody, body)) {
      if (!draft.name.trim()) errors.set('profileName', t('alarmDefinitions.form.nameRequired'));
      return;
    }
    flow.run(
      () => save.mutateAsync({ profileId: profile?.profileId, body }),
      profile ? t('alarmDefinitions.profile.saved') : t('alarmDefinitions.profile.added'),
    );
  };
  return { unit, draft, patch, errors, save, flow, submit };
}

function AlertProfileForm({ profile, onClose }: Omit<AlertProfileModalProps, 'opened'>) {
  const { t } = useTranslation();
  const session = useSession();
  const voiceCall = useVoiceCall();
  const devices = useDeviceOptions(session?.userId ?? '');
  const { unit, draft, patch, errors, save, flow, submit } = useAlertProfileForm(profile, onClose);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {flow.saved && (
          <Alert color="teal" variant="light">
            {flow.saved}
          </Alert>
        )}
        <TextInput
          label={t('alarmDefinitions.profile.name')}
          required
          maxLength={30}
          data-autofocus
          value={draft.name}
          error={errors.error('profileName')}
          onChange={(event) => {
            patch({ name: event.currentTarget.value });
            errors.clear('profileName');
          }}
        />
        <MultiSelect
          label={t('alarmDefinitions.form.devices')}
          required
          searchable
          data={(devices.data?.list ?? []).map((d) => ({ value: d.id, label: d.name }))}
          value={draft.devices}
          error={errors.error('devices')}
          onChange={(ids) => {
            patch({ devices: ids });
            errors.clear('devices');
          }}
        />
        <AlarmSettingsFields
          draft={draft}
          unit={unit}
          patch={patch}
          errors={errors}
          canPickUsers
          voiceCall={voiceCall}
        />
        <AlarmFormButtons locked={flow.locked} saving={save.isPending} onCancel={onClose} />
      </Stack>
    </form>
  );
}
