import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    mqttUrl: string;
  }
}

const serverEntry = new URL('../../apps/server/dist/main.js', import.meta.url).pathname;

/** Starts the built server, as `npm start` does, on a free port with a fresh data directory and the demo. */
export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(join(tmpdir(), 'vigil-e2e-'));
  const child = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      MQTT_PORT: '0',
      DEMO: '1',
      DEMO_HISTORY_HOURS: '3',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const { baseUrl, mqttUrl } = await new Promise<{ baseUrl: string; mqttUrl: string }>(
    (resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString('utf8');
        // The banner names the web app, then the embedded broker (the demo gateways' broker).
        const match =
          /Vigil is running at (http:\/\/\S+)\s+MQTT broker \(gateways\) at (mqtt:\/\/\S+)/.exec(
            output,
          );
        if (match?.[1] && match[2]) resolve({ baseUrl: match[1], mqttUrl: match[2] });
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.once('exit', (code) => {
        reject(new Error(`server exited (${String(code)}) before it was ready:\n${output}`));
      });
    },
  );
  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);
  project.provide('mqttUrl', mqttUrl);
  return async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    await rm(dataDir, { recursive: true, force: true });
  };
}
