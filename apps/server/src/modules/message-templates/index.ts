/** What the composition root uses of message templates: the platform defaults, made on start. */
export { ensureDefaultTemplates } from './repo.js';
