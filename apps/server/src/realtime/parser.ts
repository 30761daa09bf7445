import { Decoder, Encoder, PacketType, type Packet } from 'socket.io-parser';

/**
 * Events whose payloads are plain JSON, never a Buffer: the readings' live events, a few every
 * second per watched device. Socket.IO's encoder searches every packet for binary data before
 * encoding it; for these that search is a fifth of the cost of sending them (bench:live at
 * 10,000 readings a second), and it always says no.
 */
const plainEvents: ReadonlySet<unknown> = new Set(['liveData', 'graphData']);

/** The encoder's text form of a packet (a method its types keep private). */
type TextEncoder = { encodeAsString: (packet: Packet) => string };

/** Socket.IO's encoder, without the binary search for `plainEvents`: the same text on the wire. */
class LiveEncoder extends Encoder {
  override encode(packet: Packet): ReturnType<Encoder['encode']> {
    const data: unknown = packet.data;
    if (packet.type === PacketType.EVENT && Array.isArray(data) && plainEvents.has(data[0])) {
      return [(this as unknown as TextEncoder).encodeAsString(packet)];
    }
    return super.encode(packet);
  }
}

/** Socket.IO's parser with the live events' encoding (ServerOptions.parser). */
export const realtimeParser = { Encoder: LiveEncoder, Decoder };
