import { Button, Group, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import type { Gateway } from '@vigil/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LockedIdInput } from '../../../components/locked-id-input';
import { inputProps } from '../../../lib/forms';
import {
  gatewayFormSchema,
  initialGatewayValues,
  type GatewayFormValues,
} from './gateway-form-schema';
import { useSaveGateway, type GatewayCredentials } from './use-save-gateway';

interface GatewayFormProps {
  gateway: Gateway | undefined;
  onDone: () => void;
  onCreated: (credentials: GatewayCredentials) => void;
}

export function GatewayForm({ gateway, onDone, onCreated }: GatewayFormProps) {
  const { t } = useTranslation();
  const form = useForm<GatewayFormValues>({
    initialValues: initialGatewayValues(gateway),
    validate: schemaResolver(gatewayFormSchema, { sync: true }),
  });
  const [unlockToken, setUnlockToken] = useState<string>();
  const { save, pending } = useSaveGateway({ gateway, form, unlockToken, onDone, onCreated });
  const submit = form.onSubmit((values) => {
    save(values);
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('gateways.form.name')}
          required
          data-autofocus
          {...inputProps(form, 'gatewayName')}
        />
        {gateway ? (
          <LockedIdInput
            label={t('gateways.form.gatewayId')}
            inputProps={{ ...inputProps(form, 'gatewayId'), autoComplete: 'off' }}
            locked={!unlockToken}
            onUnlocked={setUnlockToken}
          />
        ) : (
          <TextInput
            label={t('gateways.form.gatewayId')}
            description={t('gateways.form.gatewayIdDescription')}
            required
            autoComplete="off"
            {...inputProps(form, 'gatewayId')}
          />
        )}
        <TextInput
          label={t('gateways.form.loraFreq')}
          description={t('gateways.form.loraFreqDescription')}
          placeholder="868.1"
          inputMode="decimal"
          {...inputProps(form, 'loraFreq')}
        />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {gateway ? t('gateways.form.submitEdit') : t('gateways.form.submitAdd')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
