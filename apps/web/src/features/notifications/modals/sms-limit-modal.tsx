import { Button, Group, Modal, NumberInput, Select, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { smsLimitBody } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { inputProps, showServerError, validateWith } from '../../../lib/forms';
import { notifySuccess } from '../../../lib/notify';
import { useAccounts } from '../api/list-accounts';
import { useSetSmsLimit } from '../api/set-sms-limit';

interface SmsLimitValues extends Record<string, unknown> {
  accountId: string;
  smsLimit: number | string;
}

/** `addSmsLimit`: choose an account ('please choose account') and its SMS per day. */
export function SmsLimitModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('notifications.smsLimit.title')}
      size="md"
      data-testid="addSmsLimit"
    >
      {opened && <SmsLimitForm onDone={onClose} />}
    </Modal>
  );
}

/** The limit's form and its save. */
function useSmsLimitForm(onDone: () => void) {
  const { t } = useTranslation();
  const save = useSetSmsLimit();
  const form = useForm<SmsLimitValues>({
    initialValues: { accountId: '', smsLimit: 100 },
    validate: validateWith(smsLimitBody),
  });
  const submit = form.onSubmit((values) => {
    const body = smsLimitBody.parse(values);
    save.mutate(body, {
      onSuccess: () => {
        notifySuccess(t('notifications.smsLimit.saved'));
        onDone();
      },
      onError: (error) => {
        showServerError(form, error);
      },
    });
  });
  return { form, submit, saving: save.isPending };
}

function SmsLimitForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const accounts = useAccounts(true);
  const { form, submit, saving } = useSmsLimitForm(onDone);
  const accountProps = inputProps(form, 'accountId');
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Select
          label={t('notifications.smsLimit.account')}
          placeholder={t('notifications.smsLimit.chooseAccount')}
          required
          searchable
          data-autofocus
          data={(accounts.data ?? []).map((account) => ({
            value: account.id,
            label: `${account.companyName} (${t('notifications.smsLimit.current', { limit: account.smsLimit })})`,
          }))}
          {...accountProps}
          value={form.getValues().accountId || null}
          onChange={(value: string | null) => {
            form.setValues({ accountId: value ?? '' });
            const account = accounts.data?.find((a) => a.id === value);
            if (account) form.setValues({ smsLimit: account.smsLimit });
          }}
        />
        <NumberInput
          label={t('notifications.smsLimit.limit')}
          description={t('notifications.smsLimit.limitDescription')}
          required
          min={0}
          max={100000}
          allowDecimal={false}
          allowNegative={false}
          {...inputProps(form, 'smsLimit')}
        />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('notifications.smsLimit.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
