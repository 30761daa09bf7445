export { AcknowledgeButton } from './components/acknowledge-button';
export { AlarmAlerts } from './components/alarm-alerts';
export { AlarmIndicator } from './components/alarm-indicator';
export { DeviceOpenAlarms } from './components/device-open-alarms';
