import { Group, Progress, Text } from '@mantine/core';
import type { Task } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';

/** The running export's status and progress (spec monitoring 4), announced to screen readers. */
export function ExportStatus({ task }: { task: Task | undefined }) {
  const { t } = useTranslation();
  if (!task) return null;
  const failed = task.status === 'failed';
  return (
    <Group gap="xs" wrap="nowrap" aria-live="polite" data-testid="export-status">
      <Text size="xs" c={failed ? 'red' : 'dimmed'}>
        {failed
          ? t('deviceData.export.failed')
          : t('deviceData.export.progress', {
              status: t(`deviceData.export.status.${task.status}`),
              progress: task.progress,
            })}
      </Text>
      {!failed && (
        <Progress
          value={task.progress}
          w={80}
          size="sm"
          aria-label={t('deviceData.export.progress', {
            status: t(`deviceData.export.status.${task.status}`),
            progress: task.progress,
          })}
        />
      )}
    </Group>
  );
}
