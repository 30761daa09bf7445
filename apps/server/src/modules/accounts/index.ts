/**
 * What other domains and the composition root use of accounts: the account row (the user
 * metadata's display settings, sign-up, the demo seed), the account metadata of
 * `GET /api/user/accountMetadata`, and the hourly purge of deleted accounts with its clock entry.
 */
export { accountMetadata } from './service.js';
export { accountPurgeJobHandlers, accountsClock } from './purge.js';
export { findAccount, insertAccount } from './repo.js';
