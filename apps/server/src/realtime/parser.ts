import { Decoder, Encoder, PacketType, type Packet } from 'socket.io-parser';

/**
 * Events whose payloads are plain JSON, never a Buffer: the readings' live events, a few every
 * second per watched device. Socket.IO's encoder searches every packet for binary data before
 * encoding it; for these that search is a fifth of the cost of sending them (bench:live at
 * 10,000 readings a second), and it always says no.
 */
const plainEvents: ReadonlySet<unknown> = new Set(['liveData', 'graphData']);

/** Whether `packet` is one of the live events (`plainEvents`). */
function isLiveEvent(packet: Packet): boolean {
  const data: unknown = packet.data;
  return packet.type === PacketType.EVENT && Array.isArray(data) && plainEvents.has(data[0]);
}

/** The encoder's text form of a packet (a method its types keep private). */
type TextEncoder = { encodeAsString: (packet: Packet) => string };

/** Socket.IO's encoder, without the binary search for `plainEvents`: the same text on the wire. */
class LiveEncoder extends Encoder {
  override encode(packet: Packet): ReturnType<Encoder['encode']> {
    if (isLiveEvent(packet)) return [(this as unknown as TextEncoder).encodeAsString(packet)];
    return super.encode(packet);
  }
}

/** Socket.IO's parser with the live events' encoding (ServerOptions.parser). */
export const realtimeParser = { Encoder: LiveEncoder, Decoder };

/** The adapter's encoding of a broadcast (a method its types keep private). */
type Encoding = {
  _encode?: (packet: Packet, options: object) => unknown[];
  encoder: { encode: (packet: Packet) => unknown[] };
};

/**
 * Makes a namespace's adapter (in memory or Redis) encode the live events without a WebSocket
 * frame built in advance. Socket.IO's adapter builds each broadcast's frame once (a Buffer of the
 * packet and its header) so that a room of many sockets shares it; the live events go to one
 * device's room, most often one socket, and the frame cost an allocation more per event than ws
 * framing it on write. Without it, at 10,000 readings a second to 1,000 sockets (bench:live,
 * three runs alternated with three), the server paused for garbage collection 1.51-1.66 s in 12
 * instead of 1.65-1.79 s. The text on the wire is the same. An adapter without the method is
 * left as it is.
 */
export function plainLiveFrames(adapter: object): void {
  const target = adapter as Encoding;
  const encode = target._encode?.bind(adapter);
  if (!encode) return;
  target._encode = (packet, options) =>
    isLiveEvent(packet) ? target.encoder.encode(packet) : encode(packet, options);
}
