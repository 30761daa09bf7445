import { loginBody } from '@vigil/contracts';

/**
 * The sign-in page's Zod schemas, in a chunk of their own: the page shows without Zod (about
 * 28 kB of the 250 kB it may load) and fetches them when the person first signs in.
 */
export { loginReply } from '@vigil/contracts';
export const loginForm = loginBody.pick({ email: true, password: true });
