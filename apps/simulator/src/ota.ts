import { createHash } from 'node:crypto';
import { downMessage, type FirmwareCommandMessage, type StatusMessage } from '@vigil/contracts';

export type FirmwareVersions = {
  esp32Version: string;
  loraVersion: string;
  nextionVersion: string;
};
type OtaReport = NonNullable<StatusMessage['ota']>;

/** What the OTA agent needs from its gateway. */
export type OtaHost = {
  gatewayId: string;
  versions: FirmwareVersions;
  /** Publishes a status report (not retained). */
  report: (ota: OtaReport) => Promise<void>;
  /** Drops the connection and comes back, announcing the current versions. */
  reboot: () => Promise<void>;
  /** Applies and reports a new LoRa frequency. */
  setLoraFrequency: (frequency: string) => Promise<void>;
  log?: (line: string) => void;
};

export type OtaOptions = {
  /** Share (0 to 1) of updates that fail after the download, as a flaky flash would. */
  failureRate?: number;
  /** Pause between progress reports, so that people can watch it (0 in tests). */
  stepMs?: number;
  random?: () => number;
  fetch?: typeof fetch;
};

const versionKey = {
  main_LoRa: 'loraVersion',
  main_ota: 'esp32Version',
  nextion_main: 'nextionVersion',
} as const;

const pause = (ms: number) =>
  ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();

/** Downloads the firmware, reporting 25/50/75/100 % as the bytes arrive; returns them. */
async function download(
  command: FirmwareCommandMessage,
  options: OtaOptions,
  progress: (percent: number) => Promise<void>,
): Promise<Buffer> {
  const response = await (options.fetch ?? fetch)(command.url);
  if (!response.ok || !response.body) throw new Error(`download refused (HTTP ${response.status})`);
  const chunks: Uint8Array[] = [];
  let received = 0;
  let reported = 0;
  for await (const part of response.body) {
    const chunk = part as Uint8Array;
    chunks.push(chunk);
    received += chunk.length;
    const percent = Math.min(100, Math.floor((received / Math.max(1, command.size)) * 4) * 25);
    for (let step = reported + 25; step <= percent && step < 100; step += 25) {
      await progress(step);
      reported = step;
    }
  }
  for (let step = reported + 25; step < 100; step += 25) await progress(step);
  await progress(100);
  return Buffer.concat(chunks);
}

/** A message of the `down` topic, or undefined (logged) when it is not one. */
function parseDown(host: OtaHost, payload: Buffer) {
  let json: unknown;
  try {
    json = JSON.parse(payload.toString('utf8'));
  } catch {
    host.log?.(`${host.gatewayId}: ignoring a down message that is not JSON`);
    return undefined;
  }
  const parsed = downMessage.safeParse(json);
  if (!parsed.success) {
    host.log?.(`${host.gatewayId}: ignoring an unknown down message`);
    return undefined;
  }
  return parsed.data;
}

/**
 * The gateway side of an over-the-air update (DESIGN 5): downloads the file from the link in
 * the command, checks its SHA-256, reports progress on `status`, 'installs' it by rebooting
 * (reconnecting) with the new version and reports the result. Node updates (`node_ota`) are
 * passed on to the node: the gateway reports for it and does not reboot.
 */
export function createOtaAgent(host: OtaHost, options: OtaOptions = {}) {
  const random = options.random ?? Math.random;
  const nodeVersions = new Map<string, string>();
  let busy: Promise<void> = Promise.resolve();

  async function install(command: FirmwareCommandMessage): Promise<void> {
    const base = {
      updateId: command.updateId,
      command: command.command,
      version: command.version,
      ...(command.deviceId ? { deviceId: command.deviceId } : {}),
    };
    const step = (status: OtaReport['status'], progress: number, error?: string) =>
      host.report({ ...base, status, progress, ...(error ? { error } : {}) });
    try {
      await step('downloading', 0);
      const bytes = await download(command, options, async (percent) => {
        await pause(options.stepMs ?? 0);
        await step('downloading', percent);
      });
      const digest = createHash('sha256').update(bytes).digest('hex');
      if (digest !== command.sha256) throw new Error('checksum mismatch');
      await pause(options.stepMs ?? 0);
      await step('installing', 100);
      await pause(options.stepMs ?? 0);
      if (random() < (options.failureRate ?? 0)) throw new Error('flash write failed (simulated)');
      if (command.command === 'node_ota') {
        nodeVersions.set(command.deviceId ?? '', command.version);
      } else {
        host.versions[versionKey[command.command]] = command.version;
        await host.reboot();
      }
      await step('done', 100);
      host.log?.(`${host.gatewayId}: ${command.command} ${command.version} installed`);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      host.log?.(`${host.gatewayId}: ${command.command} ${command.version} failed: ${reason}`);
      await step('failed', 0, reason.slice(0, 200)).catch(() => undefined);
    }
  }

  return {
    nodeVersion: (deviceId: string) => nodeVersions.get(deviceId),
    /** Handles one message of the `down` topic; updates run one after the other. */
    handle(payload: Buffer): Promise<void> {
      const message = parseDown(host, payload);
      if (!message) return Promise.resolve();
      if (message.command === 'lora_frequency') return host.setLoraFrequency(message.frequency);
      busy = busy.then(() => install(message));
      return busy;
    },
  };
}
export type OtaAgent = ReturnType<typeof createOtaAgent>;
