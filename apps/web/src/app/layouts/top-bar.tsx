import { ActionIcon, Avatar, Burger, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconLogout, IconSettings } from '@tabler/icons-react';
import type { Role } from '@vigil/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageMenu } from '../../components/language-menu';
import { Logo } from '../../components/logo';
import { ThemeToggle } from '../../components/theme-toggle';
import { homePath } from '../../lib/session';
import { useChangeLanguage } from '../use-change-language';

interface TopBarProps {
  email: string;
  role: Role;
  navOpened: boolean;
  onToggleNav: () => void;
  onOpenSettings: () => void;
  onLogout: () => void;
  /** The alarm indicator and sound toggle, for those who can see alarms. */
  alarms?: ReactNode;
}

export function TopBar(props: TopBarProps) {
  const { email, role, navOpened, onToggleNav, onOpenSettings, onLogout, alarms } = props;
  const { t } = useTranslation();
  const changeLanguage = useChangeLanguage();
  return (
    <Group h="100%" px={{ base: 'sm', sm: 'md' }} justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={navOpened}
          onClick={onToggleNav}
          hiddenFrom="sm"
          size="sm"
          aria-label={navOpened ? t('nav.close') : t('nav.open')}
        />
        {/* On a phone the alarms need the room: the logo shows from 576 px. */}
        <Link
          to={homePath(role)}
          style={{ color: 'inherit', textDecoration: 'none' }}
          className={alarms ? 'mantine-visible-from-xs' : undefined}
        >
          <Logo />
        </Link>
      </Group>
      <Group gap="xs" wrap="nowrap">
        {alarms}
        <ThemeToggle />
        <LanguageMenu onChange={changeLanguage} />
        <Tooltip label={t('topbar.settings')}>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t('topbar.settings')}
            data-testid="open-settings"
            onClick={onOpenSettings}
          >
            <IconSettings size={18} />
          </ActionIcon>
        </Tooltip>
        <UserIdentity email={email} role={role} />
        <Tooltip label={t('topbar.logout')}>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t('topbar.logout')}
            data-testid="logout"
            onClick={onLogout}
          >
            <IconLogout size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}

/** Who is signed in, from 768 px: the initial, the address and the role. */
function UserIdentity({ email, role }: { email: string; role: Role }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap" visibleFrom="sm" ml="xs" data-testid="user-identity">
      <Avatar color="vigil" radius="xl" size={34} aria-hidden>
        {email.slice(0, 1).toUpperCase()}
      </Avatar>
      <Stack gap={0} maw={220}>
        <Text fz="sm" fw={600} truncate="end">
          {email}
        </Text>
        <Text fz="xs" c="dimmed">
          {t(`roles.${role}`)}
        </Text>
      </Stack>
    </Group>
  );
}
