import {
  IconAlarm,
  IconBell,
  IconBellCog,
  IconBellRinging,
  IconBuilding,
  IconChartBar,
  IconCpu,
  IconDeviceAnalytics,
  IconFileAnalytics,
  IconLayoutDashboard,
  IconLayoutGrid,
  IconListDetails,
  IconMap2,
  IconMessage2,
  IconRouter,
  IconShieldCheck,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import type { Role } from '@vigil/contracts';

export type NavKey =
  | 'users'
  | 'gateways'
  | 'otaDevices'
  | 'gatewayLogs'
  | 'alarms'
  | 'accounts'
  | 'userNotifications'
  | 'userNotificationStatistics'
  | 'userMessageTemplates'
  | 'dashboard'
  | 'reports'
  | 'map'
  | 'alertProfile'
  | 'devices'
  | 'auditTrail'
  | 'alarmEvents'
  | 'overview';

export interface NavItem {
  key: NavKey;
  path: string;
  icon: Icon;
}

const items: Record<NavKey, NavItem> = {
  users: { key: 'users', path: '/users', icon: IconUsers },
  gateways: { key: 'gateways', path: '/gateways', icon: IconRouter },
  otaDevices: { key: 'otaDevices', path: '/otaDevices', icon: IconCpu },
  gatewayLogs: { key: 'gatewayLogs', path: '/gatewaylogs', icon: IconListDetails },
  alarms: { key: 'alarms', path: '/alarms', icon: IconAlarm },
  accounts: { key: 'accounts', path: '/accounts', icon: IconBuilding },
  userNotifications: { key: 'userNotifications', path: '/UserNotifications', icon: IconBell },
  userNotificationStatistics: {
    key: 'userNotificationStatistics',
    path: '/UserNotificationStatistics',
    icon: IconChartBar,
  },
  userMessageTemplates: {
    key: 'userMessageTemplates',
    path: '/UserMessageTemplates',
    icon: IconMessage2,
  },
  dashboard: { key: 'dashboard', path: '/dashboard', icon: IconLayoutDashboard },
  reports: { key: 'reports', path: '/reports', icon: IconFileAnalytics },
  map: { key: 'map', path: '/map', icon: IconMap2 },
  alertProfile: { key: 'alertProfile', path: '/alertProfile', icon: IconBellCog },
  devices: { key: 'devices', path: '/devices', icon: IconDeviceAnalytics },
  auditTrail: { key: 'auditTrail', path: '/AuditTrail', icon: IconShieldCheck },
  alarmEvents: { key: 'alarmEvents', path: '/alarmEvents', icon: IconBellRinging },
  overview: { key: 'overview', path: '/overview', icon: IconLayoutGrid },
};

/**
 * Spec platform 2, "Navigation by role": the items and their order for each role; beside the
 * spec's, the alarm events and the all-sensors overview (issue 19) after the dashboard.
 */
const byRole: Record<Role, NavKey[]> = {
  super_admin: [
    'users',
    'gateways',
    'otaDevices',
    'gatewayLogs',
    'alarms',
    'accounts',
    'userNotifications',
    'userNotificationStatistics',
    'userMessageTemplates',
  ],
  super_user: [
    'dashboard',
    'overview',
    'alarmEvents',
    'reports',
    'map',
    'alertProfile',
    'devices',
    'gateways',
    'users',
    'auditTrail',
  ],
  user: ['dashboard', 'overview', 'alarmEvents', 'reports', 'map'],
};

export function navigationFor(role: Role): NavItem[] {
  return byRole[role].map((key) => items[key]);
}
