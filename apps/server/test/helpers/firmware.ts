import { createHash, randomBytes } from 'node:crypto';
import { topics } from '@vigil/contracts';
import type { MqttClient } from 'mqtt';

/** A firmware image: ESP32 magic byte, then random bytes (never plain text). */
export const image = (size = 4096) =>
  Buffer.concat([Buffer.from([0xe9, 0x03, 0x02, 0x20]), randomBytes(size - 4)]);
export const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

export type Part =
  { name: string; filename: string; bytes: Buffer } | { name: string; value: string };

export function form(parts: Part[]): FormData {
  const data = new FormData();
  for (const part of parts) {
    if ('value' in part) data.append(part.name, part.value);
    else data.append(part.name, new Blob([part.bytes]), part.filename);
  }
  return data;
}

/** The firmware command published on the gateway's `down` topic, as its subscriber got it. */
export function nextCommand(client: MqttClient, gatewayId: string): Promise<unknown> {
  return new Promise((resolve) => {
    const onMessage = (topic: string, payload: Buffer) => {
      if (topic !== topics.down(gatewayId)) return;
      client.off('message', onMessage);
      resolve(JSON.parse(payload.toString('utf8')));
    };
    client.on('message', onMessage);
  });
}
