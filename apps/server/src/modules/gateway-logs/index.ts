/** What the ingest path and the clock use of gateway logs: the writer and the retention sweep. */
export { gatewayLogsClock, gatewayLogsJobHandlers } from './retention.js';
export { createGatewayLogWriter } from './writer.js';
