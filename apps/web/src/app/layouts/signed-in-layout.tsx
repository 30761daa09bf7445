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

/** The alarm sound's mute, kept per person: shown as being saved while the save runs. */
function useAlarmSoundMuted(saved: boolean | undefined) {
  const preferences = useUpdatePreferences();
  const { mutate: savePreferences } = preferences;
  const onMutedChange = useCallback(
    (alarmSoundMuted: boolean) => {
      savePreferences({ alarmSoundMuted });
    },
    [savePreferences],
  );
  const muted = preferences.isPending ? preferences.variables.alarmSoundMuted : (saved ?? false);
  return { muted, onMutedChange };
}

/** The session follows the person's metadata; so does the language, where none was chosen. */
function useMetadataSync(data: ReturnType<typeof useUserMetadata>['data']) {
  useEffect(() => {
    if (!data) return;
    syncSession({ role: data.role, email: data.email });
    // A person's saved language applies in a browser where no language was chosen yet.
    if (!hasStoredLanguage() && data.language !== i18n.language) {
      void changeLanguage(data.language);
    }
  }, [data]);
}

/** The backdrop beside the phone's navigation drawer: a tap on it closes the drawer. */
function NavBackdrop({ onClose }: { onClose: () => void }) {
  return (
    <Overlay
      hiddenFrom="sm"
      fixed
      zIndex={99}
      backgroundOpacity={0.35}
      onClick={onClose}
      data-testid="nav-backdrop"
    />
  );
}

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
  const { muted, onMutedChange } = useAlarmSoundMuted(metadata.data?.alarmSoundMuted);
  useMetadataSync(metadata.data);

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
          {navOpened && <NavBackdrop onClose={nav.close} />}
          {/* On phones a drawer beside the page (Mantine opens it full width), so a tap beside
              it, on the backdrop, closes it. */}
          <AppShell.Navbar maw={280}>
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
