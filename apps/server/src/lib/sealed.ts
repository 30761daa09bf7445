import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Seals gateway secrets with AES-256-GCM, so that the broker's accounts (MQTT_AUTH=dynsec) can
 * be rebuilt from the database alone: Mosquitto's dynamic security plugin takes a password, not
 * a hash. The argon2 hash stays the only thing that checks a secret; the sealed copy is opened
 * only to hand it to the broker.
 */
export type SecretSealer = {
  seal: (secret: string) => string;
  /** The secret, or undefined when it was sealed with another key (or is damaged). */
  open: (sealed: string) => string | undefined;
};

const version = 'v1';

export function createSecretSealer(keyMaterial: string): SecretSealer {
  const key = Buffer.from(
    hkdfSync('sha256', keyMaterial, 'vigil', 'gateway secrets for the broker v1', 32),
  );
  return {
    seal(secret) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return [version, iv, body, cipher.getAuthTag()]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [tag, iv, body, authTag] = sealed.split('.');
      if (tag !== version || !iv || body === undefined || !authTag) return undefined;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(authTag, 'base64url'));
        return Buffer.concat([
          decipher.update(Buffer.from(body, 'base64url')),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        return undefined;
      }
    },
  };
}
