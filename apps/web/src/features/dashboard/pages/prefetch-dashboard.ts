import type { QueryClient } from '@tanstack/react-query';
import { dashboardPrefsQuery } from '../api/dashboard-prefs';
import { dashboardDevicesQuery } from '../api/list-dashboard-devices';
import { initialDeviceId } from '../components/use-selection';

/**
 * What /dashboard asks for before it can show anything (the device list and the saved grid),
 * asked for by app/ as soon as the person is signed in, while the page is still being rendered.
 * Resolves with the device its data panel opens on (when the URL names none), so that app/ can
 * ask for that device's chart at the same time; null without devices or when the list fails (the
 * page then asks again, and says why).
 */
export async function prefetchDashboard(
  queryClient: QueryClient,
  ownUserId: string,
): Promise<string | null> {
  queryClient.query(dashboardPrefsQuery()).catch(() => undefined);
  try {
    const devices = await queryClient.query(dashboardDevicesQuery(ownUserId));
    return initialDeviceId(devices.list);
  } catch {
    return null;
  }
}
