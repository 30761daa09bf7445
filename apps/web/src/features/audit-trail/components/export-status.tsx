import { Alert, Anchor, Progress, Stack, Text } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import type { Task } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';

const colors = { queued: 'gray', running: 'blue', completed: 'teal', failed: 'red' } as const;

/** The PDF task's status and progress while it is polled; its link once completed. */
export function ExportStatus({ task }: { task: Task }) {
  const { t } = useTranslation();
  return (
    <Alert
      color={colors[task.status]}
      icon={<IconFileTypePdf size={18} />}
      title={t('auditTrail.export.title')}
      mb="lg"
      data-testid="audit-export-status"
    >
      <Stack gap={6}>
        <Text size="sm" aria-live="polite">
          {t('auditTrail.export.status', {
            status: t(`auditTrail.export.statuses.${task.status}`),
            progress: task.progress,
          })}
        </Text>
        {task.status !== 'failed' && (
          <Progress
            value={task.progress}
            animated={task.status === 'running' || task.status === 'queued'}
            aria-label={t('auditTrail.export.progress')}
          />
        )}
        {task.status === 'completed' && task.resultUrl && (
          <Anchor
            href={task.resultUrl}
            target="_blank"
            rel="noopener"
            size="sm"
            c="var(--mantine-color-text)"
            underline="always"
          >
            {t('auditTrail.export.open')}
          </Anchor>
        )}
        {task.status === 'failed' && task.error && <Text size="sm">{task.error}</Text>}
      </Stack>
    </Alert>
  );
}
