import { Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The warning shown when the account (or, for a user, their assignment) has no devices. */
export function NoDevices({ canAdd }: { canAdd: boolean }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="lg" mb="md" data-testid="no-devices">
      <Group gap="md" wrap="nowrap" align="center">
        <ThemeIcon
          size={64}
          radius="xl"
          color="yellow"
          variant="light"
          role="img"
          aria-label={t('dashboard.noDevices.image')}
        >
          <IconAlertTriangle size={36} />
        </ThemeIcon>
        <Stack gap={6} align="flex-start">
          <Text fw={600}>{t('dashboard.noDevices.title')}</Text>
          <Text c="dimmed" size="sm">
            {canAdd ? t('dashboard.noDevices.ownerText') : t('dashboard.noDevices.userText')}
          </Text>
          {canAdd && (
            <Button component={Link} to="/devices" size="xs" variant="light">
              {t('dashboard.noDevices.addDevice')}
            </Button>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}
