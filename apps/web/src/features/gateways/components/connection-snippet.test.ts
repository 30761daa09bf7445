import { describe, expect, it } from 'vitest';
import type { GatewayCredentials } from '../modals/use-save-gateway';
import { mosquittoPubCommand } from './connection-snippet';

const credentials = {
  secret: "s3cr'et",
  mqtt: {
    url: 'mqtt://broker.lab.test:1883/',
    username: 'gw-01',
    topicPrefix: 'v1/gateways/gw-01',
  },
} as GatewayCredentials;

describe('the connection snippet', () => {
  it('publishes a sample reading to the up topic as the gateway, shell-quoted', () => {
    const command = mosquittoPubCommand(credentials, new Date('2026-01-02T03:04:05.000Z'));
    expect(command).toBe(
      [
        "mosquitto_pub -L 'mqtt://broker.lab.test:1883/v1/gateways/gw-01/up'",
        "-u 'gw-01'",
        `-P 's3cr'\\''et'`,
        '-q 1',
        `-m '{"readings":[{"deviceId":"00:1a:2b:3c:4d:5e","ts":"2026-01-02T03:04:05.000Z","data":{"t":4.2,"h":45}}]}'`,
      ].join(' \\\n  '),
    );
  });
});
