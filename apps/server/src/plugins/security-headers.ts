import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { IncomingMessage } from 'node:http';

/** A Host header that is a plain host name or address with an optional port, nothing else. */
const plainHost = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The socket form of the app's own origin for CSP `connect-src`: `wss://host` of an https
 * PUBLIC_URL (`ws://` of an http one). Without PUBLIC_URL the app is reached at whatever host the
 * browser used, so that host's ws and wss forms; a Host header of any other shape adds nothing.
 */
export function socketSources(publicUrl: string | undefined, request: IncomingMessage): string {
  if (publicUrl) {
    const url = new URL(publicUrl);
    return `${url.protocol === 'https:' ? 'wss' : 'ws'}://${url.host}`;
  }
  const host = request.headers.host ?? '';
  return plainHost.test(host) ? `ws://${host} wss://${host}` : "'self'";
}

/**
 * Helmet's headers for this deployment: HSTS only when the app is published over https (an
 * http install would lock browsers out), and browsers may connect only to the app itself.
 */
export function helmetOptions(publicUrl: string | undefined): FastifyHelmetOptions {
  const https = publicUrl?.startsWith('https://') ?? false;
  return {
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", (request) => socketSources(publicUrl, request)],
        fontSrc: ["'self'", 'data:'],
        // Upgrading to https is right only where https is served.
        upgradeInsecureRequests: https ? [] : null,
      },
    },
  };
}

/**
 * Replies are not kept by browsers or proxies unless their route says otherwise (files and map
 * images set their own): sign-ins carry tokens, webhooks and gateways their secrets, exports
 * signed links, and every other reply is account data.
 */
export const noStoreByDefault = fp(
  (app: FastifyInstance) => {
    app.addHook('onSend', async (_request, reply, payload) => {
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      return payload;
    });
  },
  { name: 'no-store-by-default' },
);
