import { Table } from '@mantine/core';
import { IconFiles, IconPencil, IconSend, IconTrash } from '@tabler/icons-react';
import type { Report, ReportType } from '@vigil/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DataTable, hideBelow } from '../../../components/data-table';
import { RowActions, type RowAction } from '../../../components/row-actions';
import { formatDateTime } from '../../../lib/format';

/** Spec monitoring 2: the flag columns of each report type, after the name. */
const flagColumns = {
  normal: ['temp', 'humidity', 'carbon', 'pressure', 'thermoCouple'],
  optional: ['door', 'water'],
} as const satisfies Record<ReportType, readonly (keyof Report)[]>;

export interface ReportRowHandlers {
  onEdit: (report: Report) => void;
  onDelete: (report: Report) => void;
  onSend: (report: Report) => void;
  onRuns: (report: Report) => void;
}

interface ReportsTableProps extends ReportRowHandlers {
  type: ReportType;
  reports: Report[];
}

/** Runs for everyone; edit, send and delete where the report may be changed. */
function reportActions(t: TFunction, report: Report, handlers: ReportRowHandlers): RowAction[] {
  const runs: RowAction = {
    label: t('reports.actions.runs', { name: report.name }),
    icon: IconFiles,
    onClick: () => {
      handlers.onRuns(report);
    },
  };
  if (!report.canEdit) return [runs];
  return [
    {
      label: t('reports.actions.edit', { name: report.name }),
      icon: IconPencil,
      onClick: () => {
        handlers.onEdit(report);
      },
    },
    {
      // Says which period it sends: the last complete day, week or month (issue 19).
      label: t('reports.actions.send', {
        name: report.name,
        period: t(`reports.sendPeriod.${String(report.frequency) as '1' | '2' | '3'}`),
      }),
      icon: IconSend,
      onClick: () => {
        handlers.onSend(report);
      },
    },
    runs,
    {
      label: t('reports.actions.delete', { name: report.name }),
      icon: IconTrash,
      color: 'red',
      onClick: () => {
        handlers.onDelete(report);
      },
    },
  ];
}

/** One page of reports of one type: name, its flags, enabled, created at and the actions. */
export function ReportsTable({ type, reports, ...handlers }: ReportsTableProps) {
  const { t } = useTranslation();
  const flagText = (on: boolean) =>
    on ? t('reports.status.enabled') : t('reports.status.disabled');
  const actionsOf = (report: Report) => reportActions(t, report, handlers);
  return (
    <DataTable stickyActions>
      <Table striped highlightOnHover fz="sm" horizontalSpacing={6} data-testid="reports-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('reports.columns.name')}</Table.Th>
            {flagColumns[type].map((column) => (
              <Table.Th key={column} {...hideBelow('md')}>
                {t(`reports.columns.${column}`)}
              </Table.Th>
            ))}
            <Table.Th>{t('reports.columns.enable')}</Table.Th>
            <Table.Th {...hideBelow('sm')}>{t('reports.columns.createdAt')}</Table.Th>
            <Table.Th ta="right">{t('reports.columns.action')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {reports.map((report) => (
            <Table.Tr key={report.id}>
              <Table.Td fw={500} miw={120}>
                {report.name}
              </Table.Td>
              {flagColumns[type].map((column) => (
                <Table.Td key={column} {...hideBelow('md')}>
                  {flagText(report[column])}
                </Table.Td>
              ))}
              <Table.Td>{flagText(report.enable)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }} {...hideBelow('sm')}>
                {formatDateTime(report.createdAt)}
              </Table.Td>
              <Table.Td>
                <RowActions actions={actionsOf(report)} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </DataTable>
  );
}
