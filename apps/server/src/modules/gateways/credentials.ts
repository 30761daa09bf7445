import { topicPrefix } from '@vigil/contracts';
import type { Config } from '../../config.js';
import type { Executor } from '../../db/client.js';
import type { SecretSealer } from '../../lib/sealed.js';
import { burnPasswordCheck, hashPassword, randomToken, verifyPassword } from '../../lib/secrets.js';
import * as repo from './repo.js';

/**
 * A new MQTT secret (32 random bytes, base64url), its hash (which checks it) and its sealed
 * copy (which only the broker's account is rebuilt from, MQTT_AUTH=dynsec).
 */
export async function newSecret(
  sealer: SecretSealer,
): Promise<{ secret: string; secretHash: string; secretSealed: string }> {
  const secret = randomToken(32);
  return { secret, secretHash: await hashPassword(secret), secretSealed: sealer.seal(secret) };
}

/**
 * The broker address gateways are told to use: MQTT_PUBLIC_URL, else the embedded broker's
 * address once it listens (the real port, also for MQTT_PORT=0), else the external broker's
 * without the ingest role's own credentials.
 */
export function gatewayBrokerUrl(config: Config, listeningBrokerUrl?: string): string {
  if (config.mqttPublicUrl) return config.mqttPublicUrl;
  if (listeningBrokerUrl) return listeningBrokerUrl;
  if (config.mqttUrl) {
    const external = new URL(config.mqttUrl);
    external.username = '';
    external.password = '';
    return external.toString().replace(/\/$/, '');
  }
  return `mqtt://${config.host}:${config.mqttPort}`;
}

/** Where and as whom a gateway connects (DESIGN.md 5): MQTT 3.1.1, username = gateway id. */
export function mqttConnection(brokerUrl: string, gatewayId: string) {
  return {
    url: brokerUrl,
    username: gatewayId,
    topicPrefix: `${topicPrefix}/${gatewayId}`,
  };
}

export type VerifiedGateway = {
  id: string;
  accountId: string;
  gatewayId: string;
  accountStatus: 'active' | 'disabled';
};

/**
 * The gateway that `gatewayId` + `secret` sign in as, or undefined for an unknown gateway,
 * one without a secret or a wrong secret. An unknown gateway costs the same time as a wrong
 * secret. The caller decides what a disabled account may do.
 */
export async function verifyGatewaySecret(
  db: Executor,
  gatewayId: string,
  secret: string,
): Promise<VerifiedGateway | undefined> {
  const row = await repo.findBySecretLogin(db, gatewayId.toLowerCase());
  if (!row?.secretHash) {
    await burnPasswordCheck(secret);
    return undefined;
  }
  if (!(await verifyPassword(row.secretHash, secret))) return undefined;
  return {
    id: row.id,
    accountId: row.accountId,
    gatewayId: row.gatewayId,
    accountStatus: row.accountStatus,
  };
}
