import { Badge, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../lib/format';

interface ConnectionStatusProps {
  online: boolean;
  lastSeenAt: string | null;
}

/** Online or offline, quietly, with when the thing was last heard from. */
export function ConnectionStatus({ online, lastSeenAt }: ConnectionStatusProps) {
  const { t } = useTranslation();
  return (
    <Stack gap={2} align="flex-start">
      <Badge variant="dot" color={online ? 'teal' : 'gray'} radius="sm" tt="none" fw={600}>
        {online ? t('connection.online') : t('connection.offline')}
      </Badge>
      <Text fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {lastSeenAt
          ? t('connection.lastSeen', { time: formatDateTime(lastSeenAt) })
          : t('connection.neverSeen')}
      </Text>
    </Stack>
  );
}
