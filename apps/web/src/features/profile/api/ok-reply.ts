/** The reply schema of updateLanguage, in the chunk that brings Zod (see update-language.ts). */
export { okReply } from '@vigil/contracts';
