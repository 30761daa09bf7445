/**
 * What other domains and the composition root use of auth: the session behind a token (the
 * route guard and the socket handshake), the password re-check before sensitive changes, and
 * the sign-up jobs.
 */
export { enrolmentJobHandlers } from './enrolment.js';
export { actorOfToken } from './session.js';
export { requireUnlocked, verifyOwnPassword } from './unlock.js';
