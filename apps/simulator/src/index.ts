export * from './demo-plan.js';
export * from './models.js';
export * from './gateway-client.js';
export * from './demo.js';
export * from './load.js';
export * from './ota.js';
