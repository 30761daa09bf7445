import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvent, type LiveChannel } from '../../../lib/socket';
import {
  applyDeviceStatus,
  applyDevicesStatus,
  applyLiveData,
  applyNewAlarm,
  applyRemoveAlarm,
  refreshAlarmLists,
  refreshConnectedStatus,
  refreshDoorOpenings,
} from '../api/live-cache';

/**
 * The dashboard's live events into the query cache: the account channel's status feed, door
 * openings and alarms; the selected device's channel's status and readings.
 */
export function useLiveDashboard(account: LiveChannel, device: LiveChannel): void {
  const queryClient = useQueryClient();
  useLiveEvent(account, 'devicesStatusData', (event) => {
    applyDevicesStatus(queryClient, event);
    void refreshConnectedStatus(queryClient);
  });
  useLiveEvent(account, 'recentDoorData', () => {
    void refreshDoorOpenings(queryClient);
  });
  useLiveEvent(account, 'alarmData', () => {
    void refreshAlarmLists(queryClient);
  });
  useLiveEvent(account, 'newAlarm', (event) => {
    applyNewAlarm(queryClient, event);
    void refreshAlarmLists(queryClient);
  });
  useLiveEvent(account, 'removeAlarm', (event) => {
    applyRemoveAlarm(queryClient, event);
    void refreshAlarmLists(queryClient);
  });
  useLiveEvent(device, 'deviceStatus', (event) => {
    applyDeviceStatus(queryClient, event);
    void refreshConnectedStatus(queryClient);
  });
  useLiveEvent(device, 'liveData', (event) => {
    applyLiveData(queryClient, event);
  });
}
