type Corkable = { cork: () => void; uncork: () => void };
type Flushing = { flush: () => void; transport: { socket?: { _socket?: Corkable } } };

/**
 * Makes one connection send what it was given in one turn of the event loop as one TCP write.
 *
 * A live frame is two packets to a browser with a chart open (liveData and graphData), and a
 * commit sends the frames of hundreds of devices at once; engine.io writes each packet as soon
 * as the transport is free, so the second waits for the first's write and goes in a write of
 * its own: one system call per packet, a fifth of the server's time at 10,000 readings a second
 * (bench:live profile). Here the connection's flush waits for the end of the current operation
 * (process.nextTick), so the packets of one burst leave together, in the order they were given,
 * with the TCP socket corked while the websocket frames are written (uncork sends them in one
 * writev). Nothing waits for a timer. engine.io and ws name neither member in their types
 * (`flush` is private, `_socket` is ws's own): a transport without them is flushed as before.
 */
/** `conn`: an engine.io socket (the server's `engine` emits it on `connection`). */
export function coalesceWrites(conn: object): void {
  const target = conn as Flushing;
  const flush = target.flush.bind(conn);
  let scheduled = false;
  const flushNow = () => {
    scheduled = false;
    const tcp = target.transport.socket?._socket;
    tcp?.cork();
    try {
      flush();
    } finally {
      tcp?.uncork();
    }
  };
  target.flush = () => {
    if (scheduled) return;
    scheduled = true;
    process.nextTick(flushNow);
  };
}
