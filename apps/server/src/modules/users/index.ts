/** What other domains may use of users. */
export { accountOwners, languageOf } from './repo.js';
