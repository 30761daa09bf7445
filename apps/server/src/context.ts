import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import type { LinkSigner, TokenSigner } from './lib/jwt.js';
import type { HostLookup } from './notify/webhook-target.js';

/** What services need from the running process; built once in main (or by a test) and passed in. */
export type AppContext = {
  config: Config;
  database: Database;
  db: Db;
  tokens: TokenSigner;
  /** Signs and checks expiring download links (exports). */
  links: LinkSigner;
  /** The web app's address, for links in emails. */
  publicUrl: () => string;
  /** The MQTT broker address gateways are told to connect to. */
  brokerUrl: () => string;
  /** Called after a transaction that enqueued jobs commits, to wake a local worker. */
  jobsEnqueued: () => void;
  /** Resolves host names for the webhook target checks (the system's; tests pass their own). */
  lookupHost: HostLookup;
};
