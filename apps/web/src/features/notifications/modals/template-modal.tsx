import {
  Button,
  Code,
  Group,
  Modal,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  languages,
  messageTemplateBody,
  templatePlaceholders,
  type MessageTemplate,
} from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { inputProps, showServerError, validateWith } from '../../../lib/forms';
import { notifySuccess } from '../../../lib/notify';
import { useSaveTemplate } from '../api/save-template';

interface TemplateModalProps {
  opened: boolean;
  template: MessageTemplate | undefined;
  onClose: () => void;
}

/** `addMessageTemplate`: title and template (non-empty after trimming), add or edit. */
export function TemplateModal({ opened, template, onClose }: TemplateModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        template ? t('notifications.templates.editTitle') : t('notifications.templates.addTitle')
      }
      size="md"
      data-testid="addMessageTemplate"
    >
      {opened && <TemplateForm template={template} onDone={onClose} />}
    </Modal>
  );
}

interface TemplateValues extends Record<string, unknown> {
  title: string;
  template: string;
  language: string;
}

/** The template's form (a new one in English) and its save. */
function useTemplateForm(template: MessageTemplate | undefined, onDone: () => void) {
  const { t } = useTranslation();
  const save = useSaveTemplate();
  const form = useForm<TemplateValues>({
    initialValues: {
      title: template?.title ?? '',
      template: template?.template ?? '',
      language: template?.language ?? 'en',
    },
    validate: validateWith(messageTemplateBody),
  });
  const submit = form.onSubmit((values) => {
    save.mutate(
      { id: template?.id, body: messageTemplateBody.parse(values) },
      {
        onSuccess: () => {
          notifySuccess(t('notifications.templates.saved'));
          onDone();
        },
        onError: (error) => {
          showServerError(form, error);
        },
      },
    );
  });
  return { form, submit, saving: save.isPending };
}

function TemplateForm({ template, onDone }: { template?: MessageTemplate; onDone: () => void }) {
  const { t } = useTranslation();
  const { form, submit, saving } = useTemplateForm(template, onDone);
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('notifications.templates.fields.title')}
          required
          data-autofocus
          {...inputProps(form, 'title')}
        />
        <Textarea
          label={t('notifications.templates.fields.template')}
          required
          rows={6}
          {...inputProps(form, 'template')}
        />
        <Select
          label={t('notifications.templates.fields.language')}
          data={languages.map((language) => ({
            value: language,
            label: t(`language.${language}`),
          }))}
          allowDeselect={false}
          {...inputProps(form, 'language')}
        />
        <div>
          <Text fz="sm" c="dimmed">
            {t('notifications.templates.placeholdersHelp')}
          </Text>
          <Group gap={4} mt={4}>
            {templatePlaceholders.map((name) => (
              <Code key={name}>{`{{${name}}}`}</Code>
            ))}
          </Group>
        </div>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('notifications.templates.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
