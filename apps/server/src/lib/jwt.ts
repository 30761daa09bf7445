import { createHmac } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Role } from '@vigil/contracts';

export type TokenClaims = { userId: string; sessionId: string; role: Role };

/** HS256 tokens; the session they name is checked on every request, so logout is immediate. */
export function createTokenSigner(secret: string) {
  const key = new TextEncoder().encode(secret);
  return {
    sign(claims: TokenClaims, expiresAt: Date): Promise<string> {
      return new SignJWT({ sid: claims.sessionId, role: claims.role })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.userId)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
    },
    /** The claims of a valid, unexpired token; undefined for anything else. */
    async verify(token: string): Promise<TokenClaims | undefined> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return undefined;
        return { userId: payload.sub, sessionId: payload.sid, role: payload.role as Role };
      } catch {
        return undefined;
      }
    },
  };
}
export type TokenSigner = ReturnType<typeof createTokenSigner>;

/**
 * Signed, expiring link tokens, one audience per purpose (e.g. an export download opened in
 * a new tab). Their key is derived from the secret, so a link is never taken for a session
 * nor a session for a link.
 */
export function createLinkSigner(secret: string) {
  const key = createHmac('sha256', secret).update('vigil signed links').digest();
  return {
    sign(audience: string, claims: Record<string, string>, expiresAt: Date): Promise<string> {
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setAudience(audience)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
    },
    /** The claims of a valid, unexpired token for `audience`; undefined for anything else. */
    async verify(audience: string, token: string): Promise<Record<string, unknown> | undefined> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], audience });
        return payload;
      } catch {
        return undefined;
      }
    },
  };
}
export type LinkSigner = ReturnType<typeof createLinkSigner>;
