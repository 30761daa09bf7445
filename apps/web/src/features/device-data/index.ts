export { DeviceDataPanel, type DeviceDataPanelProps } from './components/device-data-panel';
export { prefetchDeviceChart } from './api/prefetch-chart';
