import type { LinkSigner } from '../../lib/jwt.js';

/** A firmware link is good for an hour: long enough for a slow gateway, short if it leaks. */
export const firmwareLinkLifetimeMs = 60 * 60 * 1000;
const audience = 'vigil:firmware';

/** The signed token of one update's download: bound to that update and its gateway. */
export function signFirmwareToken(
  links: LinkSigner,
  update: { id: string; gatewayRowId: string },
  expiresAt: Date,
): Promise<string> {
  return links.sign(audience, { update: update.id, gateway: update.gatewayRowId }, expiresAt);
}

/** The gateway row id a valid token for `updateId` names; undefined for anything else. */
export async function verifyFirmwareToken(
  links: LinkSigner,
  updateId: string,
  token: string,
): Promise<string | undefined> {
  const claims = await links.verify(audience, token);
  if (claims?.update !== updateId || typeof claims.gateway !== 'string') return undefined;
  return claims.gateway;
}

export const firmwareDownloadPath = (updateId: string, token: string) =>
  `/api/firmware/download/${updateId}?token=${encodeURIComponent(token)}`;
