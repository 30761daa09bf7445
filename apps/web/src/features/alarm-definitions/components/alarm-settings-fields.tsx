import { Button, Checkbox, Divider, Group, Title } from '@mantine/core';
import type { TemperatureUnit } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import type { useFieldErrors } from '../../../lib/field-errors';
import type { AlarmDraft } from '../form-values';
import { DeliveryFields } from './delivery-fields';
import { MetricFields } from './metric-fields';
import { RecipientsField } from './recipients-field';

interface AlarmSettingsFieldsProps {
  draft: AlarmDraft;
  unit: TemperatureUnit;
  patch: (next: Partial<AlarmDraft>) => void;
  errors: ReturnType<typeof useFieldErrors<string>>;
  /** Only an account owner picks existing users (spec monitoring 5). */
  canPickUsers: boolean;
  voiceCall: boolean;
}

/** The thresholds, water, recipients and delivery of an alarm or an alert profile. */
export function AlarmSettingsFields(props: AlarmSettingsFieldsProps) {
  const { draft, unit, patch, errors, canPickUsers, voiceCall } = props;
  const { t } = useTranslation();
  return (
    <>
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
        canPickUsers={canPickUsers}
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
    </>
  );
}

/** Cancel and Save at the foot of an alarm form. */
export function AlarmFormButtons(props: {
  locked: boolean;
  saving: boolean;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={props.onCancel}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" disabled={props.locked} loading={props.saving}>
        {t('alarmDefinitions.form.save')}
      </Button>
    </Group>
  );
}
