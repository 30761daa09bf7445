import {
  Button,
  Center,
  Group,
  Loader,
  NativeSelect,
  ScrollArea,
  Table,
  Text,
} from '@mantine/core';
import { IconFileTypeCsv, IconFileTypePdf } from '@tabler/icons-react';
import type { MetricKey, TemperatureUnit } from '@vigil/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PaginationBar } from '../../../components/pagination-bar';
import type { ExportFormat } from '../api/export-raw-data';
import { defaultRawInterval, rawIntervals, useRawData } from '../api/get-raw-data';
import { formatRawValue, formatReadingTime, rawColumnsOf } from '../raw-format';
import type { RangeChoice } from '../ranges';

interface RawTabProps {
  deviceId: string;
  choice: RangeChoice;
  unit: TemperatureUnit;
  /** CSV and PDF exports are offered (spec: not for time value 5 or custom ranges of 6+ days). */
  canExport: boolean;
  exporting: boolean;
  onExport: (format: ExportFormat) => void;
}

/** The Raw data tab: the device's readings in the range, 10 a page, at most one per interval. */
export function RawTab({ deviceId, choice, unit, canExport, exporting, onExport }: RawTabProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [timeDiff, setTimeDiff] = useState<number>(defaultRawInterval);
  const raw = useRawData(deviceId, choice, { page, timeDiff });
  const rows = raw.data?.list ?? [];
  const columns = rawColumnsOf(rows);
  const intervalLabel = (minutes: number) =>
    minutes < 1
      ? t('deviceData.raw.seconds', { value: minutes * 60 })
      : t('deviceData.raw.minutes', { value: minutes });

  return (
    <div>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm" mb="sm">
        <NativeSelect
          label={t('deviceData.raw.interval')}
          value={String(timeDiff)}
          w={140}
          data={rawIntervals.map((minutes) => ({
            value: String(minutes),
            label: intervalLabel(minutes),
          }))}
          onChange={(event) => {
            setTimeDiff(Number(event.currentTarget.value));
            setPage(1);
          }}
        />
        {canExport && <RawExportButtons exporting={exporting} onExport={onExport} />}
      </Group>
      {raw.isPending ? (
        <Center mih={120}>
          <Group gap="xs" role="status">
            <Loader size="sm" />
            <Text>{t('deviceData.raw.loading')}</Text>
          </Group>
        </Center>
      ) : rows.length === 0 ? (
        <Center mih={120}>
          <Text c="dimmed">{t('deviceData.raw.empty')}</Text>
        </Center>
      ) : (
        <RawTable rows={rows} columns={columns} unit={unit} />
      )}
      {raw.data && rows.length > 0 && (
        <PaginationBar pagination={raw.data.meta.pagination} onPageChange={setPage} />
      )}
    </div>
  );
}

/** CSV and PDF of the range's readings. */
function RawExportButtons(props: { exporting: boolean; onExport: (format: ExportFormat) => void }) {
  const { exporting, onExport } = props;
  const { t } = useTranslation();
  return (
    <Group gap="xs">
      {(['csv', 'pdf'] as const).map((format) => (
        <Button
          key={format}
          variant="default"
          size="sm"
          disabled={exporting}
          leftSection={
            format === 'csv' ? <IconFileTypeCsv size={16} /> : <IconFileTypePdf size={16} />
          }
          onClick={() => {
            onExport(format);
          }}
        >
          {t(`deviceData.export.${format}`)}
        </Button>
      ))}
    </Group>
  );
}

interface RawTableProps {
  rows: NonNullable<ReturnType<typeof useRawData>['data']>['list'];
  columns: MetricKey[];
  unit: TemperatureUnit;
}

/** The readings: time and one column per metric the rows carry. */
function RawTable({ rows, columns, unit }: RawTableProps) {
  const { t } = useTranslation();
  return (
    <ScrollArea type="auto">
      <Table striped highlightOnHover data-testid="raw-table" miw={columns.length * 110 + 180}>
        <Table.Caption>{t('deviceData.raw.caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('deviceData.raw.time')}</Table.Th>
            {columns.map((key) => (
              <Table.Th scope="col" key={key}>
                {t(`deviceData.metrics.${key}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={String(row.ts)}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {formatReadingTime(String(row.ts))}
              </Table.Td>
              {columns.map((key) => (
                <Table.Td key={key}>{formatRawValue(key, row[key], unit)}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
