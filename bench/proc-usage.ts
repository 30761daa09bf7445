/**
 * CPU and memory of processes from /proc (Linux): CPU as cores (user + system time over the
 * wall-clock time between two samples, /proc/<pid>/stat utime + stime), memory as RSS, or for
 * PostgreSQL backends as private memory (RssAnon: their RSS also counts the shared buffers each
 * one has touched, which summed over backends would count the same pages many times).
 */
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';

const ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

type Raw = { cpuSeconds: number; rssBytes: number; anonBytes: number };

/** One process's CPU seconds so far and memory now, or undefined once it is gone. */
async function readRaw(pid: number): Promise<Raw | undefined> {
  try {
    const [stat, status] = await Promise.all([
      readFile(`/proc/${String(pid)}/stat`, 'utf8'),
      readFile(`/proc/${String(pid)}/status`, 'utf8'),
    ]);
    // Fields after the command name, which may hold spaces: state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const kb = (name: string) =>
      Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
    return {
      cpuSeconds: (Number(fields[11]) + Number(fields[12])) / ticksPerSecond,
      rssBytes: kb('VmRSS'),
      anonBytes: kb('RssAnon'),
    };
  } catch {
    return undefined;
  }
}

export type Usage = { cores: number; rssMb: number; privateMb: number; processes: number };

/**
 * Tracks groups of processes (`pids` is asked at every sample: a group's members may change, as
 * PostgreSQL backends do): each `sample()` gives every group's cores since the previous sample
 * and its memory now. A process first seen counts from the previous sample (a backend that
 * started in between), one gone since is left out of that interval.
 */
export function createUsageTracker(pids: () => Promise<Record<string, number[]>>) {
  let previous = new Map<number, number>();
  let previousAt = performance.now();
  let first = true;
  return {
    async sample(): Promise<Record<string, Usage>> {
      const groups = await pids();
      const now = performance.now();
      const seconds = Math.max(0.001, (now - previousAt) / 1000);
      const seen = new Map<number, number>();
      const result: Record<string, Usage> = {};
      for (const [name, members] of Object.entries(groups)) {
        let cpu = 0;
        let rss = 0;
        let anon = 0;
        let processes = 0;
        for (const pid of members) {
          const raw = await readRaw(pid);
          if (!raw) continue;
          processes += 1;
          seen.set(pid, raw.cpuSeconds);
          cpu += raw.cpuSeconds - (previous.get(pid) ?? (first ? raw.cpuSeconds : 0));
          rss += raw.rssBytes;
          anon += raw.anonBytes;
        }
        result[name] = {
          cores: Number((cpu / seconds).toFixed(2)),
          rssMb: mb(rss),
          privateMb: mb(anon),
          processes,
        };
      }
      previous = seen;
      previousAt = now;
      first = false;
      return result;
    },
  };
}

/** Busy cores of the whole machine (every process, this bench's or not) between two samples. */
export function createMachineTracker() {
  const read = async () => {
    const line = (await readFile('/proc/stat', 'utf8')).split('\n')[0] ?? '';
    const ticks = line.trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal: idle and iowait are not busy.
    const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
    const total = ticks.slice(0, 8).reduce((sum, value) => sum + value, 0);
    return { busy: total - idle, at: performance.now() };
  };
  let previous = read();
  return {
    async sample(): Promise<number> {
      const [before, now] = [await previous, await read()];
      previous = Promise.resolve(now);
      const seconds = Math.max(0.001, (now.at - before.at) / 1000);
      return Number(((now.busy - before.busy) / ticksPerSecond / seconds).toFixed(2));
    },
  };
}

/**
 * Cores of some processes and of the whole machine from its creation (or the previous sample)
 * to a sample: what else was busy while a benchmark measured.
 */
export function createCoresTracker(groups: Record<string, number[]>) {
  const tracker = createUsageTracker(() => Promise.resolve(groups));
  const started = tracker.sample();
  const machine = createMachineTracker();
  return {
    async sample(): Promise<Record<string, number>> {
      await started;
      const [usage, busy] = await Promise.all([tracker.sample(), machine.sample()]);
      const cores = Object.entries(usage).map(([name, use]) => [name, use.cores] as const);
      return { ...Object.fromEntries(cores), machine: busy };
    },
  };
}
