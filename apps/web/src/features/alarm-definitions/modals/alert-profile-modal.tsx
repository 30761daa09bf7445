import {
  Alert,
  Button,
  Checkbox,
  Divider,
  Group,
  Modal,
  MultiSelect,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { alarmMetrics, alertProfileBody, type AlertProfile } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { useFieldErrors } from '../../../lib/field-errors';
import { useSession } from '../../../lib/session';
import { useDeviceOptions, useVoiceCall } from '../api/form-options';
import { useSaveAlertProfile } from '../api/save-alert-profile';
import { DeliveryFields } from '../components/delivery-fields';
import { MetricFields } from '../components/metric-fields';
import { RecipientsField } from '../components/recipients-field';
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

function AlertProfileForm({ profile, onClose }: Omit<AlertProfileModalProps, 'opened'>) {
  const { t } = useTranslation();
  const session = useSession();
  const voiceCall = useVoiceCall();
  const devices = useDeviceOptions(session?.userId ?? '');
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
        <Title order={5}>{t('alarmDefinitions.form.thresholds')}</Title>
        <MetricFields
          metrics={draft.metrics}
          unit={unit}
          errorOf={errors.error}
          onChange={(key, metric) => {
            patch({ metrics: { ...draft.metrics, [key]: metric } });
          }}
        />
        <Checkbox
          label={t('alarmDefinitions.metrics.water')}
          checked={draft.waterEnabled}
          onChange={(event) => {
            patch({ waterEnabled: event.currentTarget.checked });
          }}
        />
        <Divider />
        <Title order={5}>{t('alarmDefinitions.form.recipients')}</Title>
        <RecipientsField
          recipients={draft.recipients}
          canPickUsers
          error={errors.error('users')}
          onChange={(recipients) => {
            patch({ recipients });
            errors.clear('users');
          }}
        />
        <Divider />
        <DeliveryFields
          draft={draft}
          voiceCall={voiceCall}
          channelError={errors.error('emailEnable')}
          onChange={(changes) => {
            patch(changes);
            errors.clear('emailEnable');
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={flow.locked} loading={save.isPending}>
            {t('alarmDefinitions.form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
