/**
 * bench:load's publisher: the simulator's load generator (apps/simulator/src/load.ts) in a child
 * process of its own, so that its CPU is not the servers' and shows apart in the figures.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { runLoad, type LoadOptions, type LoadResult } from '../apps/simulator/src/load.js';

const self = fileURLToPath(import.meta.url);

/** Starts the load; `started` resolves once every gateway is connected and the first is due. */
export function forkLoadPublisher(options: LoadOptions) {
  const child: ChildProcess = fork(self, ['load-publisher'], { execArgv: ['--import', 'tsx'] });
  let markStarted: () => void = () => undefined;
  const started = new Promise<void>((resolve) => {
    markStarted = resolve;
  });
  const done = new Promise<LoadResult>((resolve, reject) => {
    child.on('message', (message: { type: string; result?: LoadResult }) => {
      if (message.type === 'started') markStarted();
      else if (message.result) resolve(message.result);
    });
    child.once('exit', (code) => {
      reject(new Error(`publisher exited ${String(code)}`));
    });
  });
  child.send(options);
  return { pid: () => child.pid, started, done, kill: () => child.kill() };
}

if (process.argv[2] === 'load-publisher' && process.argv[1] === self) {
  process.once('message', (options: LoadOptions) => {
    runLoad({ ...options, onStart: () => process.send?.({ type: 'started' }) }).then(
      (result) => {
        process.send?.({ type: 'result', result }, () => process.exit(0));
      },
      (error: unknown) => {
        process.stderr.write(`${String(error)}\n`);
        process.exit(1);
      },
    );
  });
}
