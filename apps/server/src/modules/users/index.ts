/**
 * What other domains and the composition root use of users: a user of an account (device
 * assignments), the user behind an e-mail and a new user (sign-up, the demo seed), and the
 * single-use token mails (sign-up, password reset); the owners of an account and a user's
 * language (reports).
 */
export { authMail } from './mails.js';
export {
  accountOwners,
  findByEmail as findUserByEmail,
  findUser,
  insertUser,
  languageOf,
} from './repo.js';
export { issueTokenMail } from './tokens.js';
