/** What the ingest path uses of firmware: the gateways' OTA reports. */
export { applyOtaReport } from './reports.js';
