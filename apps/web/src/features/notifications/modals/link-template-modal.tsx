import { Button, Group, Modal, Select, Stack, Table, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  messageMethods,
  messageTemplateRelationBody,
  messageTypes,
  pageSizes,
  type User,
} from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { inputProps, showServerError, validateWith } from '../../../lib/forms';
import { notifySuccess } from '../../../lib/notify';
import { useTemplates } from '../api/list-templates';
import { useSaveRelation, useTemplateRelations } from '../api/template-relations';

export interface LinkTemplateModalProps {
  opened: boolean;
  user: User | undefined;
  onClose: () => void;
}

/** `addUserMessageTemplate`: which template a user receives for a message type by a method. */
export function LinkTemplateModal({ opened, user, onClose }: LinkTemplateModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('notifications.link.title', { name: user?.name ?? '' })}
      size="md"
      data-testid="addUserMessageTemplate"
    >
      {opened && user && <LinkTemplateForm user={user} onDone={onClose} />}
    </Modal>
  );
}

interface LinkValues extends Record<string, unknown> {
  userId: string;
  type: string;
  method: string;
  templateId: string;
}

/** The link's form: type and method first, then the templates fetched for them; the save. */
function useLinkTemplateForm(user: User, onDone: () => void) {
  const { t } = useTranslation();
  const save = useSaveRelation();
  const form = useForm<LinkValues>({
    initialValues: { userId: user.id, type: '', method: '', templateId: '' },
    validate: validateWith(messageTemplateRelationBody),
  });
  const { type, method } = form.getValues();
  // Spec platform 4: the template list is fetched only once both method and type are chosen.
  const chosen = type !== '' && method !== '';
  const templates = useTemplates(1, { pageSize: pageSizes.full, enabled: chosen });
  const options = (templates.data?.list ?? [])
    .filter((template) => template.accountId === null || template.accountId === user.accountId)
    .map((template) => ({ value: template.id, label: template.title }));
  const submit = form.onSubmit((values) => {
    save.mutate(messageTemplateRelationBody.parse(values), {
      onSuccess: () => {
        notifySuccess(t('notifications.link.saved'));
        onDone();
      },
      onError: (error) => {
        showServerError(form, error);
      },
    });
  });
  const select = (field: 'type' | 'method' | 'templateId') => ({
    ...inputProps(form, field),
    value: form.getValues()[field] || null,
    onChange: (value: string | null) => {
      form.setFieldValue(field, value ?? '');
      if (field !== 'templateId') form.setFieldValue('templateId', '');
      form.clearFieldError(field);
    },
  });
  return { chosen, options, submit, select, saving: save.isPending };
}

function LinkTemplateForm({ user, onDone }: { user: User; onDone: () => void }) {
  const { t } = useTranslation();
  const { chosen, options, submit, select, saving } = useLinkTemplateForm(user, onDone);
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text fz="sm">
          {t('notifications.link.user')}: <b>{user.name}</b> ({user.email})
        </Text>
        <Select
          label={t('notifications.link.type')}
          required
          data-autofocus
          data={messageTypes.map((value) => ({ value, label: t(`notifications.types.${value}`) }))}
          {...select('type')}
        />
        <Select
          label={t('notifications.link.method')}
          required
          data={messageMethods.map((value) => ({
            value,
            label: t(`notifications.methods.${value}`),
          }))}
          {...select('method')}
        />
        <Select
          label={t('notifications.link.template')}
          required
          disabled={!chosen}
          placeholder={chosen ? undefined : t('notifications.link.chooseFirst')}
          data={options}
          {...select('templateId')}
        />
        <CurrentRelations userId={user.id} />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('notifications.link.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** What the user receives today; the platform default in their language for the rest. */
function CurrentRelations({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const relations = useTemplateRelations(userId);
  const rows = relations.data ?? [];
  if (rows.length === 0) {
    return (
      <Text fz="sm" c="dimmed">
        {t('notifications.link.none')}
      </Text>
    );
  }
  return (
    <Table fz="sm" verticalSpacing={4} aria-label={t('notifications.link.current')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('notifications.link.type')}</Table.Th>
          <Table.Th>{t('notifications.link.method')}</Table.Th>
          <Table.Th>{t('notifications.link.template')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.id}>
            <Table.Td>{t(`notifications.types.${row.type}`)}</Table.Td>
            <Table.Td>{t(`notifications.methods.${row.method}`)}</Table.Td>
            <Table.Td>{row.templateTitle}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
