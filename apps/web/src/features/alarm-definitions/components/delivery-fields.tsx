import { Checkbox, Group, Input, Select, SimpleGrid, Switch } from '@mantine/core';
import { alarmDelayMinutes, alarmFrequencies } from '@vigil/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { DeliveryDraft } from '../form-values';

const zones = (): string[] => {
  const supported = Intl.supportedValuesOf('timeZone');
  return supported.includes('Etc/UTC') ? supported : ['Etc/UTC', ...supported];
};

const minuteOptions = (t: TFunction, minutes: readonly number[]) =>
  minutes.map((count) => ({
    value: String(count),
    label: t('alarmDefinitions.form.minutes', { count }),
  }));

interface DeliveryFieldsProps {
  draft: DeliveryDraft;
  voiceCall: boolean;
  /** The light profile form has no call and no timezone select. */
  withTimezone?: boolean;
  onChange: (patch: Partial<DeliveryDraft>) => void;
  /** 'select at least one toggle...' under the channels. */
  channelError?: string;
}

/** Delay, frequency, one-time, timezone and the channels (call only for voice accounts). */
export function DeliveryFields({
  draft,
  voiceCall,
  withTimezone = true,
  onChange,
  channelError,
}: DeliveryFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: withTimezone ? 3 : 2 }} spacing="sm">
        <Select
          label={t('alarmDefinitions.form.delay')}
          data={minuteOptions(t, alarmDelayMinutes)}
          allowDeselect={false}
          value={String(draft.delayMinutes)}
          onChange={(value) => {
            onChange({ delayMinutes: Number(value ?? 0) });
          }}
        />
        <Select
          label={t('alarmDefinitions.form.frequency')}
          data={minuteOptions(t, alarmFrequencies)}
          allowDeselect={false}
          disabled={draft.oneTime}
          value={String(draft.frequency)}
          onChange={(value) => {
            onChange({ frequency: Number(value ?? 15) });
          }}
        />
        {withTimezone && (
          <Select
            label={t('alarmDefinitions.form.timezone')}
            data={zones()}
            searchable
            allowDeselect={false}
            value={draft.timezone}
            onChange={(value) => {
              onChange({ timezone: value ?? 'Etc/UTC' });
            }}
          />
        )}
      </SimpleGrid>
      <Switch
        label={t('alarmDefinitions.form.oneTime')}
        checked={draft.oneTime}
        onChange={(event) => {
          onChange({ oneTime: event.currentTarget.checked });
        }}
      />
      <DeliveryChannels
        draft={draft}
        voiceCall={voiceCall}
        onChange={onChange}
        channelError={channelError}
      />
    </>
  );
}

/** The channels' checkboxes (call only for voice accounts), the admin copy and the enable flag. */
function DeliveryChannels(props: Omit<DeliveryFieldsProps, 'withTimezone'>) {
  const { draft, voiceCall, onChange, channelError } = props;
  const { t } = useTranslation();
  const check = (
    field: 'emailEnable' | 'textEnable' | 'callEnable' | 'adminEnable' | 'enable',
  ) => ({
    checked: draft[field],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      onChange({ [field]: event.currentTarget.checked });
    },
  });
  return (
    <>
      <Group gap="lg" wrap="wrap">
        <Checkbox label={t('alarmDefinitions.form.email')} {...check('emailEnable')} />
        <Checkbox label={t('alarmDefinitions.form.text')} {...check('textEnable')} />
        {voiceCall && <Checkbox label={t('alarmDefinitions.form.call')} {...check('callEnable')} />}
        <Checkbox label={t('alarmDefinitions.form.notifyAdmin')} {...check('adminEnable')} />
        <Checkbox label={t('alarmDefinitions.form.enabled')} {...check('enable')} />
      </Group>
      {channelError && <Input.Error>{channelError}</Input.Error>}
    </>
  );
}
