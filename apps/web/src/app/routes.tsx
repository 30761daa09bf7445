import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Role, Session } from '@vigil/contracts';
import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { PageLoader } from '../components/page-loader';
import LoginPage from '../features/auth/pages/login-page';
import { preloadable } from '../lib/preloadable';
import { homePath, useSession, type StoredSession } from '../lib/session';
import { PublicLayout } from './layouts/public-layout';
import { RequireRole } from './require-role';

// The signed-in shell, the dashboard and its data panel load ahead of their first render (the
// person typing on the sign-in page), and then render without a loader in between.
const SignedInLayout = preloadable(
  () => import('./layouts/signed-in-layout'),
  (module) => module.default,
);
const DashboardPage = preloadable(
  () => import('../features/dashboard/pages/dashboard-page'),
  (module) => module.default,
);
// Its own chunk (uPlot): the dashboard's cards show while the data panel loads.
const DeviceDataPanel = preloadable(
  () => import('../features/device-data'),
  (module) => module.DeviceDataPanel,
);
const SignupPage = lazy(() => import('../features/auth/pages/signup-page'));
const ForgotPage = lazy(() => import('../features/auth/pages/forgot-page'));
const ResetPage = lazy(() => import('../features/auth/pages/reset-page'));
const ConfirmPage = lazy(() => import('../features/auth/pages/confirm-page'));
const PrivacyPolicyPage = lazy(() => import('../features/legal/pages/privacy-policy-page'));
const TermsPage = lazy(() => import('../features/legal/pages/terms-page'));
const UsersPage = lazy(() => import('../features/users/pages/users-page'));
const SubUsersPage = lazy(() => import('../features/users/pages/sub-users-page'));
const DevicesPage = lazy(() => import('../features/devices/pages/devices-page'));
const GatewaysPage = lazy(() => import('../features/gateways/pages/gateways-page'));
const OtaDevicesPage = lazy(() => import('../features/gateways/pages/ota-devices-page'));
const UserNotificationsPage = lazy(
  () => import('../features/notifications/pages/user-notifications-page'),
);
const NotificationStatisticsPage = lazy(
  () => import('../features/notifications/pages/notification-statistics-page'),
);
const MessageTemplatesPage = lazy(
  () => import('../features/notifications/pages/message-templates-page'),
);
const LinkTemplateModal = lazy(() =>
  import('../features/notifications').then((module) => ({ default: module.LinkTemplateModal })),
);
const AlarmsPage = lazy(() => import('../features/alarm-definitions/pages/alarms-page'));
const AlertProfilePage = lazy(
  () => import('../features/alarm-definitions/pages/alert-profile-page'),
);
const LightProfilePage = lazy(
  () => import('../features/alarm-definitions/pages/light-profile-page'),
);
const DeviceAlarmsTab = lazy(() =>
  import('../features/alarm-definitions').then((module) => ({ default: module.DeviceAlarmsTab })),
);
const OverviewPage = lazy(() => import('../features/dashboard/pages/overview-page'));
const AlarmEventsPage = lazy(() => import('../features/alarm-events/pages/alarm-events-page'));
const AcknowledgeButton = lazy(() =>
  import('../features/alarm-events').then((module) => ({ default: module.AcknowledgeButton })),
);
const DeviceOpenAlarms = lazy(() =>
  import('../features/alarm-events').then((module) => ({ default: module.DeviceOpenAlarms })),
);
const AccountsPage = lazy(() => import('../features/accounts/pages/accounts-page'));
const GatewayLogsPage = lazy(() => import('../features/gateway-logs/pages/gateway-logs-page'));
const AuditTrailPage = lazy(() => import('../features/audit-trail/pages/audit-trail-page'));
const ReportsPage = lazy(() => import('../features/reports/pages/reports-page'));
// Konva loads with the map page only (and its canvas in a chunk of its own).
const MapPage = lazy(() => import('../features/map/pages/map-page'));
/** The dashboard's code: the shell and the page most people land on (and its chart). */
const loadDashboard = () =>
  Promise.all([SignedInLayout.preload(), DashboardPage.preload(), DeviceDataPanel.preload()]);

/**
 * Loaded while the person types their password, not once the server has answered: by the time it
 * has, the pages after sign-in are usually here.
 */
function preloadSignedIn() {
  loadDashboard().catch(() => undefined);
}

/** Before the sign-in completes: the code of the page the person lands on (the spinner still on). */
function prepareHome(session: Session): Promise<unknown> {
  return homePath(session.role) === '/dashboard' ? loadDashboard() : SignedInLayout.preload();
}

/**
 * The dashboard's lists, then the chart of the device it opens on, asked for as the person is
 * signed in and before the dashboard renders (rendering it takes a while, and its cards would ask
 * only after): when its code is here, which `prepareHome` waited for.
 */
function prefetchHome(queryClient: QueryClient, session: Session) {
  const dashboard = DashboardPage.loaded();
  const deviceData = DeviceDataPanel.loaded();
  if (homePath(session.role) !== '/dashboard' || !dashboard || !deviceData) return;
  void dashboard.prefetchDashboard(queryClient, session.userId).then((deviceId) => {
    if (deviceId) deviceData.prefetchDeviceChart(queryClient, deviceId, dashboard.defaultTimeValue);
  });
}

function LoginRoute() {
  const queryClient = useQueryClient();
  return (
    <LoginPage
      preload={preloadSignedIn}
      prepare={prepareHome}
      onSignedIn={(session) => {
        prefetchHome(queryClient, session);
      }}
    />
  );
}

const authWidth = 460;
const documentWidth = 880;

const managers = ['super_admin', 'super_user'] as const;

function legalRoutes() {
  return [
    <Route key="privacy" path="/privacyPolicy" caseSensitive element={<PrivacyPolicyPage />} />,
    <Route key="terms" path="/termsAndConditions" caseSensitive element={<TermsPage />} />,
  ];
}

/** Links from mails work whether or not someone is signed in in this browser. */
function mailLinkRoutes() {
  return [
    <Route key="reset" path="/auth/forgot/:token" element={<ResetPage />} />,
    <Route key="confirm" path="/auth/confirm/:emailToken" element={<ConfirmPage />} />,
  ];
}

/** Spec platform 2: the platform administrator's pages; an owner may open them for their account. */
function notificationRoutes() {
  const pages = [
    ['/UserNotifications', <UserNotificationsPage key="log" />],
    ['/UserNotificationStatistics', <NotificationStatisticsPage key="statistics" />],
    ['/UserMessageTemplates', <MessageTemplatesPage key="templates" />],
  ] as const;
  return pages.map(([path, page]) => (
    <Route
      key={path}
      path={path}
      caseSensitive
      element={<RequireRole roles={[...managers]}>{page}</RequireRole>}
    />
  ));
}

type GuardedPage = readonly [path: string, roles: readonly Role[], page: ReactNode];

/** Pages a role may open; the others are sent home (RequireRole). */
function guardedRoutes(pages: readonly GuardedPage[]) {
  return pages.map(([path, roles, page]) => (
    <Route
      key={path}
      path={path}
      caseSensitive
      element={<RequireRole roles={[...roles]}>{page}</RequireRole>}
    />
  ));
}

const accountRoles = ['super_user', 'user'] as const;

/** The dashboard with the parts other features lend it: Acknowledge, the data panel, alarms. */
function DashboardRoute() {
  return (
    <DashboardPage
      renderAcknowledge={(alarm) => (
        <Suspense fallback={null}>
          <AcknowledgeButton alarm={alarm} compact />
        </Suspense>
      )}
      renderDeviceData={(props) => (
        <Suspense fallback={<PageLoader />}>
          <DeviceDataPanel
            {...props}
            renderOpenAlarms={(deviceId) => (
              <Suspense fallback={null}>
                <DeviceOpenAlarms deviceId={deviceId} />
              </Suspense>
            )}
            renderAlarms={(deviceId) => (
              <Suspense fallback={<PageLoader />}>
                <DeviceAlarmsTab deviceId={deviceId} />
              </Suspense>
            )}
          />
        </Suspense>
      )}
    />
  );
}

/** The pages of an account's people: alarms, reports, map, profiles, dashboard, events. */
function accountRoutes() {
  return guardedRoutes([
    ['/reports', accountRoles, <ReportsPage key="reports" />],
    ['/map', accountRoles, <MapPage key="map" />],
    ['/alertProfile', accountRoles, <AlertProfilePage key="alertProfile" />],
    ['/lightProfile', accountRoles, <LightProfilePage key="lightProfile" />],
    // Spec platform 6: the dashboard is not the administrator's (they have no account):
    // sent home like the other pages a role cannot use, instead of five 403s.
    ['/dashboard', accountRoles, <DashboardRoute key="dashboard" />],
    ['/overview', accountRoles, <OverviewPage key="overview" />],
    ['/alarmEvents', accountRoles, <AlarmEventsPage key="alarmEvents" />],
  ]);
}

/** The users page, with the notifications feature's template relation. */
function UsersRoute() {
  return (
    <UsersPage
      renderLinkTemplate={(props) => (
        <Suspense fallback={null}>
          <LinkTemplateModal {...props} />
        </Suspense>
      )}
    />
  );
}

/** The managers' and the platform administrator's pages. */
function managementRoutes() {
  return [
    ...guardedRoutes([['/users', managers, <UsersRoute key="users" />]]),
    ...notificationRoutes(),
    ...guardedRoutes([
      ['/subUsers', managers, <SubUsersPage key="subUsers" />],
      ['/devices', ['super_user'], <DevicesPage key="devices" />],
      ['/gateways', managers, <GatewaysPage key="gateways" />],
      ['/otaDevices', ['super_admin'], <OtaDevicesPage key="otaDevices" />],
      ['/accounts', ['super_admin'], <AccountsPage key="accounts" />],
      ['/gatewaylogs', managers, <GatewayLogsPage key="gatewaylogs" />],
      ['/AuditTrail', managers, <AuditTrailPage key="auditTrail" />],
    ]),
  ];
}

function SignedInRoutes({ session }: { session: StoredSession }) {
  return (
    <Routes>
      <Route element={<PublicLayout width={authWidth} />}>{mailLinkRoutes()}</Route>
      <Route element={<SignedInLayout session={session} />}>
        <Route path="/alarms" caseSensitive element={<AlarmsPage />} />
        {accountRoutes()}
        {managementRoutes()}
        {legalRoutes()}
        <Route path="*" element={<Navigate to={homePath(session.role)} replace />} />
      </Route>
    </Routes>
  );
}

function SignedOutRoutes() {
  return (
    <Routes>
      <Route element={<PublicLayout width={authWidth} />}>
        <Route path="/login" element={<LoginRoute />} />
        <Route path="/admin/signup" element={<SignupPage />} />
        <Route path="/forgot" element={<ForgotPage />} />
        {mailLinkRoutes()}
        <Route path="*" element={<Navigate to="/login" replace />} />
      </Route>
      <Route element={<PublicLayout width={documentWidth} />}>{legalRoutes()}</Route>
    </Routes>
  );
}

export function AppRoutes() {
  const session = useSession();
  return session ? <SignedInRoutes session={session} /> : <SignedOutRoutes />;
}
