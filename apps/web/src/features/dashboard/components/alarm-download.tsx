import { Button, Group, Select, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import {
  alarmReportMonths,
  defaultAlarmReportMonths,
  type AlarmReportMonths,
} from '@vigil/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportRange, useAlarmDownload, type AlarmReportFormat } from '../../../lib/alarm-download';

const isReportMonths = (value: number): value is AlarmReportMonths =>
  (alarmReportMonths as readonly number[]).includes(value);

/** Alarm PDF / CSV of the last 1, 2, 3, 6 or 12 months (spec monitoring 5 and 9; default 1). */
export function AlarmDownload() {
  const { t } = useTranslation();
  const [months, setMonths] = useState<AlarmReportMonths>(defaultAlarmReportMonths);
  const download = useAlarmDownload();
  const button = (format: AlarmReportFormat) => (
    <Button
      variant="default"
      size="xs"
      leftSection={<IconDownload size={14} />}
      disabled={download.busy}
      onClick={() => {
        download.start(format, reportRange(months));
      }}
    >
      {t(`alarmEvents.download.${format}`)}
    </Button>
  );
  return (
    <Group gap="xs" align="flex-end" mb="xs">
      <Select
        size="xs"
        w={170}
        label={t('alarmEvents.download.range')}
        data={alarmReportMonths.map((value) => ({
          value: String(value),
          label: t(`alarmEvents.download.months.${value}`),
        }))}
        value={String(months)}
        allowDeselect={false}
        onChange={(value) => {
          const next = Number(value);
          if (isReportMonths(next)) setMonths(next);
        }}
      />
      {button('pdf')}
      {button('csv')}
      {download.busy && (
        <Text size="xs" c="dimmed" aria-live="polite">
          {t('alarmEvents.download.preparing')}
        </Text>
      )}
      {download.failed && (
        <Text size="xs" c="red" role="alert">
          {t('alarmEvents.download.failed')}
        </Text>
      )}
    </Group>
  );
}
