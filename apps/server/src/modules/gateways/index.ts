/**
 * What other domains and the composition root use of gateways: a gateway of an account and the
 * counts by status (devices), the broker accounts' rows (the ingest path), the address gateways
 * are told to connect to, and the check of a gateway's secret (the broker hook).
 */
export { gatewayBrokerUrl, verifyGatewaySecret } from './credentials.js';
export { brokerAccountRows, findGateway, gatewayCounts } from './repo.js';
