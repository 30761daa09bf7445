export { DeviceDataPanel, type DeviceDataPanelProps } from './components/device-data-panel';
