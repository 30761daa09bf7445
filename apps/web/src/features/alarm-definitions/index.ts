export { DeviceAlarmsTab } from './components/device-alarms-tab';
