import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import type { LinkSigner, TokenSigner } from './lib/jwt.js';
import type { SecretSealer } from './lib/sealed.js';
import type { HostLookup } from './notify/webhook-target.js';

/**
 * What the process is built from: configuration, the database, signers. The ingest path and the
 * realtime side are built from it (runtime.ts), then joined to it as the `AppContext`.
 */
export type CoreContext = {
  config: Config;
  database: Database;
  db: Db;
  tokens: TokenSigner;
  /** Signs and checks expiring download links (exports). */
  links: LinkSigner;
  /** Seals new gateway secrets for the broker's accounts (GATEWAY_SECRETS_KEY). */
  gatewaySecrets: SecretSealer;
  /** The web app's address, for links in emails. */
  publicUrl: () => string;
  /** The MQTT broker address gateways are told to connect to. */
  brokerUrl: () => string;
  /** Called after a transaction that enqueued jobs commits, to wake a local worker. */
  jobsEnqueued: () => void;
  /** Resolves host names for the webhook target checks (the system's; tests pass their own). */
  lookupHost: HostLookup;
};
