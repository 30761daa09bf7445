import { AppShell, Overlay } from '@mantine/core';
import { useDisclosure, useHotkeys } from '@mantine/hooks';
import { useCallback, useEffect, Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { SkipLink } from '../../components/skip-link';
import { AlarmAlerts, AlarmIndicator } from '../../features/alarm-events';
import { LogoutModal } from '../../features/auth/components/logout-modal';
import { useUserMetadata } from '../../features/profile/api/get-user-metadata';
import { useUpdatePreferences } from '../../features/profile/api/update-preferences';
import { AccountChannelProvider } from '../../lib/account-channel';
import { AlarmSoundProvider } from '../../lib/alarm-sound';
import { SettingsModal } from '../../features/settings/components/settings-modal';
import { changeLanguage, hasStoredLanguage, i18n } from '../../lib/i18n';
import { syncSession, type StoredSession } from '../../lib/session';
import { RouteFade } from '../route-fade';
import { NavLinks } from './nav-links';
import { TopBar } from './top-bar';

/** The signed-in shell: top bar, navigation by role, and the page with its fade. */
export default function SignedInLayout({ session }: { session: StoredSession }) {
  const [navOpened, nav] = useDisclosure(false);
  const [settingsOpened, settings] = useDisclosure(false);
  const [logoutOpened, logout] = useDisclosure(false);
  // On a phone the navigation is a drawer: Escape or a tap beside it closes it.
  useHotkeys([['Escape', nav.close]], [], true);
  const metadata = useUserMetadata();
  const person = metadata.data ?? { email: session.email, role: session.role, cameraUrl: null };
  // Alarms are an account's: the platform administrator has none to watch.
  const watchesAlarms = person.role !== 'super_admin';
  const preferences = useUpdatePreferences();
  const { mutate: savePreferences } = preferences;
  const onMutedChange = useCallback(
    (alarmSoundMuted: boolean) => {
      savePreferences({ alarmSoundMuted });
    },
    [savePreferences],
  );
  const muted = preferences.isPending
    ? preferences.variables.alarmSoundMuted
    : (metadata.data?.alarmSoundMuted ?? false);

  useEffect(() => {
    if (!metadata.data) return;
    syncSession({ role: metadata.data.role, email: metadata.data.email });
    // A person's saved language applies in a browser where no language was chosen yet.
    if (!hasStoredLanguage() && metadata.data.language !== i18n.language) {
      void changeLanguage(metadata.data.language);
    }
  }, [metadata.data]);

  return (
    <AccountChannelProvider enabled={watchesAlarms}>
      <AlarmSoundProvider muted={muted} onMutedChange={onMutedChange}>
        {watchesAlarms && <AlarmAlerts />}
        <AppShell
          header={{ height: 64 }}
          navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
          padding={{ base: 'sm', sm: 'lg' }}
        >
          <SkipLink />
          <AppShell.Header>
            <TopBar
              email={person.email}
              role={person.role}
              navOpened={navOpened}
              onToggleNav={nav.toggle}
              onOpenSettings={settings.open}
              onLogout={logout.open}
              alarms={watchesAlarms ? <AlarmIndicator /> : null}
            />
          </AppShell.Header>
          {navOpened && (
            <Overlay
              hiddenFrom="sm"
              fixed
              zIndex={99}
              backgroundOpacity={0.35}
              onClick={nav.close}
              data-testid="nav-backdrop"
            />
          )}
          {/* 240 px on a phone too (Mantine opens it full width there): the page shows beside it,
              and a tap on it closes the drawer. */}
          <AppShell.Navbar w={240}>
            <NavLinks
              role={person.role}
              email={person.email}
              cameraUrl={person.cameraUrl}
              onNavigate={nav.close}
            />
          </AppShell.Navbar>
          <AppShell.Main id="main">
            <Suspense fallback={<PageLoader />}>
              <RouteFade>
                <Outlet />
              </RouteFade>
            </Suspense>
          </AppShell.Main>
          <SettingsModal opened={settingsOpened} role={person.role} onClose={settings.close} />
          <LogoutModal opened={logoutOpened} onClose={logout.close} />
        </AppShell>
      </AlarmSoundProvider>
    </AccountChannelProvider>
  );
}
