import type { GatewayCredentials } from '../modals/use-save-gateway';

/** A POSIX shell word: single-quoted, with any single quote escaped. */
const quoted = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

/** The readings topic, where a gateway publishes (DESIGN 5). */
export const upTopic = (credentials: GatewayCredentials) => `${credentials.mqtt.topicPrefix}/up`;

/** One sample `up` message (DESIGN 5): a reading of one device, now. */
export function sampleUpMessage(now: Date): string {
  return JSON.stringify({
    readings: [{ deviceId: '00:1a:2b:3c:4d:5e', ts: now.toISOString(), data: { t: 4.2, h: 45 } }],
  });
}

/**
 * A mosquitto_pub command that publishes the sample as the gateway would: a ready check of
 * the URL, username, secret and topic.
 */
export function mosquittoPubCommand(credentials: GatewayCredentials, now: Date): string {
  const server = credentials.mqtt.url.replace(/\/+$/, '');
  return [
    `mosquitto_pub -L ${quoted(`${server}/${upTopic(credentials)}`)}`,
    `-u ${quoted(credentials.mqtt.username)}`,
    `-P ${quoted(credentials.secret)}`,
    '-q 1',
    `-m ${quoted(sampleUpMessage(now))}`,
  ].join(' \\\n  ');
}
