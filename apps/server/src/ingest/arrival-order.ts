/**
 * One gateway's messages reach the batch writer in the order they arrived. Handling a message
 * awaits lookups (its gateway, its devices) that answer from a cache or from the database, so a
 * later message could otherwise overtake an earlier one, land in an earlier batch and reach live
 * views and the follow-up before it: a device's readings must stay in order (issue 20).
 */
export type Turn = {
  /** Resolves once every earlier message of the same gateway has passed. */
  ready: Promise<void>;
  /** This message has handed its readings to the writer, or has none to hand: the next may. */
  pass: () => void;
};

export function createArrivalOrder() {
  const tails = new Map<string, Promise<void>>();
  /** Takes the next turn of `key`; call it synchronously when the message arrives. */
  return function arrive(key: string): Turn {
    const before = tails.get(key) ?? Promise.resolve();
    let pass!: () => void;
    const passed = new Promise<void>((resolve) => {
      pass = resolve;
    });
    // A message passing early (refused) still lets the next one go only after those before it.
    const tail = before.then(() => passed);
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return { ready: before, pass };
  };
}
export type ArrivalOrder = ReturnType<typeof createArrivalOrder>;
