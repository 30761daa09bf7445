import type { LinkSigner } from '../../lib/jwt.js';

/** A download link is good for an hour; whoever holds it may download (it opens in a new tab). */
export const linkLifetimeMs = 60 * 60 * 1000;
const exportAudience = 'vigil:export-file';

/** What a link names as the account of a platform administrator's task (it has none). */
export const platformOwner = 'platform';

/** The signed, expiring link to an export's file, bound to its task and account. */
export async function exportFileUrl(
  links: LinkSigner,
  task: { id: string; accountId: string },
  now = new Date(),
): Promise<string> {
  const token = await links.sign(
    exportAudience,
    { task: task.id, account: task.accountId },
    new Date(now.getTime() + linkLifetimeMs),
  );
  return `/api/files/exports/${task.id}?token=${encodeURIComponent(token)}`;
}

/** The account a valid link token for `taskId` names; undefined for a forged, expired or other task's token. */
export async function verifyExportToken(
  links: LinkSigner,
  taskId: string,
  token: string,
): Promise<string | undefined> {
  const claims = await links.verify(exportAudience, token);
  if (claims?.task !== taskId || typeof claims.account !== 'string') return undefined;
  return claims.account;
}
