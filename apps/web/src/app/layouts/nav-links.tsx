import { Box, Divider, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { IconExternalLink, IconVideo } from '@tabler/icons-react';
import type { Role } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { NavLink as RouterLink, useLocation } from 'react-router';
import { navigationFor } from '../navigation';

interface NavLinksProps {
  role: Role;
  email: string;
  cameraUrl: string | null;
  onNavigate: () => void;
}

/** The navigation of the person's role (spec platform 2), then the video link when they have one. */
export function NavLinks({ role, email, cameraUrl, onNavigate }: NavLinksProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Stack h="100%" gap={0}>
      <ScrollArea component="nav" aria-label={t('nav.label')} style={{ flex: 1 }} p="sm">
        {navigationFor(role).map(({ key, path, icon: Icon }) => (
          <NavLink
            key={key}
            component={RouterLink}
            to={path}
            label={t(`nav.${key}`)}
            leftSection={<Icon size={20} stroke={1.6} />}
            active={pathname.toLowerCase() === path.toLowerCase()}
            onClick={onNavigate}
            data-testid={`nav-${key}`}
            fw={500}
            mb={2}
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
          />
        ))}
        {cameraUrl && (
          <>
            <Divider my="sm" />
            <NavLink
              component="a"
              href={cameraUrl}
              target="_blank"
              rel="noopener noreferrer"
              label={t('nav.video')}
              description={t('nav.videoHint')}
              leftSection={<IconVideo size={20} stroke={1.6} />}
              rightSection={<IconExternalLink size={14} />}
              data-testid="nav-video"
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
            />
          </>
        )}
      </ScrollArea>
      <Box hiddenFrom="sm" p="md" style={{ borderTop: '1px solid var(--app-shell-border-color)' }}>
        <Text fz="sm" fw={600} truncate="end">
          {email}
        </Text>
        <Text fz="xs" c="dimmed">
          {t(`roles.${role}`)}
        </Text>
      </Box>
    </Stack>
  );
}
