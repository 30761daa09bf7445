import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { PageLoader } from '../components/page-loader';
import LoginPage from '../features/auth/pages/login-page';
import { homePath, useSession, type StoredSession } from '../lib/session';
import type { UpcomingPage } from './coming-soon-page';
import { PublicLayout } from './layouts/public-layout';
import { RequireRole } from './require-role';

const SignedInLayout = lazy(() => import('./layouts/signed-in-layout'));
const ComingSoonPage = lazy(() => import('./coming-soon-page'));
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
const DashboardPage = lazy(() => import('../features/dashboard/pages/dashboard-page'));
// Its own chunk (uPlot): the dashboard's cards show while the data panel loads.
const DeviceDataPanel = lazy(() =>
  import('../features/device-data').then((module) => ({ default: module.DeviceDataPanel })),
);

const authWidth = 460;
const documentWidth = 880;

/** Signed-in pages of later issues (spec platform 2): path and page. */
const upcoming: [string, UpcomingPage][] = [
  ['/accounts', 'accounts'],
  ['/reports', 'reports'],
  ['/otaDevices', 'otaDevices'],
  ['/UserNotifications', 'userNotifications'],
  ['/UserNotificationStatistics', 'userNotificationStatistics'],
  ['/UserMessageTemplates', 'userMessageTemplates'],
  ['/map', 'map'],
  ['/AuditTrail', 'auditTrail'],
  ['/gatewaylogs', 'gatewayLogs'],
  ['/alarms', 'alarms'],
  ['/alertProfile', 'alertProfile'],
  ['/lightProfile', 'lightProfile'],
];

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

function SignedInRoutes({ session }: { session: StoredSession }) {
  return (
    <Routes>
      <Route element={<PublicLayout width={authWidth} />}>{mailLinkRoutes()}</Route>
      <Route element={<SignedInLayout session={session} />}>
        {upcoming.map(([path, page]) => (
          <Route key={path} path={path} caseSensitive element={<ComingSoonPage page={page} />} />
        ))}
        <Route
          path="/dashboard"
          caseSensitive
          element={
            <DashboardPage
              renderDeviceData={(props) => (
                <Suspense fallback={<PageLoader />}>
                  <DeviceDataPanel {...props} />
                </Suspense>
              )}
            />
          }
        />
        <Route
          path="/users"
          caseSensitive
          element={
            <RequireRole roles={[...managers]}>
              <UsersPage />
            </RequireRole>
          }
        />
        <Route
          path="/subUsers"
          caseSensitive
          element={
            <RequireRole roles={[...managers]}>
              <SubUsersPage />
            </RequireRole>
          }
        />
        <Route
          path="/devices"
          caseSensitive
          element={
            <RequireRole roles={['super_user']}>
              <DevicesPage />
            </RequireRole>
          }
        />
        <Route
          path="/gateways"
          caseSensitive
          element={
            <RequireRole roles={[...managers]}>
              <GatewaysPage />
            </RequireRole>
          }
        />
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
        <Route path="/login" element={<LoginPage />} />
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
