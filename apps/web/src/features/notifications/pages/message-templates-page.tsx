import { Badge, Button, Table, Text } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { MessageTemplate } from '@vigil/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { RowActions } from '../../../components/row-actions';
import { useTemplates } from '../api/list-templates';
import { ResultCard } from '../components/result-card';
import { DeleteTemplateModal } from '../modals/delete-template-modal';
import { TemplateModal } from '../modals/template-modal';

interface ModalState {
  opened: boolean;
  template?: MessageTemplate;
}

/** /UserMessageTemplates — the texts of alarm messages, with `{{placeholders}}`. */
export default function MessageTemplatesPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [form, setForm] = useState<ModalState>({ opened: false });
  const [toDelete, setToDelete] = useState<ModalState>({ opened: false });
  const query = useTemplates(page);
  return (
    <>
      <PageHeader
        title={t('notifications.templates.title')}
        subtitle={t('notifications.templates.subtitle')}
        actions={
          <Button
            leftSection={<IconPlus size={18} />}
            onClick={() => {
              setForm({ opened: true });
            }}
          >
            {t('notifications.templates.add')}
          </Button>
        }
      />
      <ResultCard query={query} onPageChange={setPage}>
        {(items) => (
          <TemplatesTable
            templates={items}
            onEdit={(template) => {
              setForm({ opened: true, template });
            }}
            onDelete={(template) => {
              setToDelete({ opened: true, template });
            }}
          />
        )}
      </ResultCard>
      <TemplateModal
        opened={form.opened}
        template={form.template}
        onClose={() => {
          setForm((current) => ({ ...current, opened: false }));
        }}
      />
      <DeleteTemplateModal
        opened={toDelete.opened}
        template={toDelete.template}
        onClose={() => {
          setToDelete((current) => ({ ...current, opened: false }));
        }}
      />
    </>
  );
}

interface TemplatesTableProps {
  templates: MessageTemplate[];
  onEdit: (template: MessageTemplate) => void;
  onDelete: (template: MessageTemplate) => void;
}

function TemplatesTable({ templates, onEdit, onDelete }: TemplatesTableProps) {
  const { t } = useTranslation();
  return (
    <DataTable stickyActions>
      <Table striped highlightOnHover verticalSpacing="sm" fz="sm" data-testid="templates-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('notifications.templates.fields.title')}</Table.Th>
            <Table.Th>{t('notifications.templates.fields.template')}</Table.Th>
            <Table.Th ta="right">{t('notifications.templates.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {templates.map((template) => (
            <Table.Tr key={template.id}>
              <Table.Td fw={600}>
                {template.title}
                {template.isDefault && (
                  <Badge ml="xs" variant="light" color="gray" tt="none" radius="sm">
                    {t('notifications.templates.default')}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td maw={420}>
                <Text fz="sm" ff="monospace" style={{ whiteSpace: 'pre-line' }} lineClamp={5}>
                  {template.template}
                </Text>
              </Table.Td>
              <Table.Td>
                <RowActions
                  actions={[
                    {
                      label: t('notifications.templates.edit', { title: template.title }),
                      icon: IconPencil,
                      onClick: () => {
                        onEdit(template);
                      },
                    },
                    {
                      label: t('notifications.templates.delete', { title: template.title }),
                      icon: IconTrash,
                      color: 'red',
                      onClick: () => {
                        onDelete(template);
                      },
                    },
                  ]}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </DataTable>
  );
}
