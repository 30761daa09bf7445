import type { CoreContext } from './core-context.js';
import type { IngestHub } from './ingest/hub.js';
import type { Realtime } from './realtime/realtime.js';

export type { CoreContext };

/**
 * What services need from the running process; built once, in the composition root
 * (runtime.ts `createRuntime`, which tests use too), and passed in.
 */
export type AppContext = CoreContext & {
  /**
   * This process's ingest path, whatever its roles: the HTTP ingest route's pipeline, the
   * gateway directory, gateway logs, broker accounts (MQTT_AUTH=dynsec), downlink commands and
   * the in-process events that live views follow.
   */
  ingest: IngestHub;
  /** Socket.IO (api role) or the Redis emitter (other roles): events to browsers. */
  realtime: Realtime;
  /**
   * The enabled alarms this process's alarm engine caches (built with the ingest path,
   * ingest-path.ts): a change to alarms, or to what they judge, invalidates them.
   */
  alarms: { definitions: { invalidate: () => void } };
};
