import { Server } from 'socket.io';
import { Encoder, PacketType } from 'socket.io-parser';
import { describe, expect, it } from 'vitest';
import { readingColumns } from '../../src/ingest/columns.js';
import { liveReadings } from '../../src/modules/readings/ingest.js';
import { plainLiveFrames, realtimeParser } from '../../src/realtime/parser.js';

describe('the live payload of a stored reading', () => {
  it("carries every field from its own column, in the columns' order", () => {
    const values = readingColumns.map((_, index) => index * 1.5);
    const [live] = liveReadings({
      readings: [
        {
          deviceUuid: 'row-id',
          accountId: 'account',
          deviceKey: 'aa:bb',
          tsMs: Date.UTC(2026, 10, 26, 12),
          values,
        } as never,
      ],
      isBackfilled: () => true,
      followUpId: null,
    });
    expect(live?.id).toBe('row-id');
    expect(live?.deviceId).toBe('aa:bb');
    expect(Object.keys(live?.reading ?? {})).toEqual([
      'createdAt',
      ...readingColumns.map((column) => column.field),
      'backfilled',
    ]);
    readingColumns.forEach((column, index) => {
      expect(live?.reading[column.field]).toBe(index * 1.5);
    });
    expect(live?.reading.createdAt).toBe('2026-11-26T12:00:00.000Z');
    expect(live?.reading.backfilled).toBe(true);
  });

  it('has null for a field without a value', () => {
    const [live] = liveReadings({
      readings: [{ deviceUuid: 'x', accountId: 'a', deviceKey: 'k', tsMs: 0, values: [] } as never],
      isBackfilled: () => false,
      followUpId: null,
    });
    expect(live?.reading.t).toBeNull();
    expect(live?.reading.backfilled).toBe(false);
  });
});

describe('the realtime encoder', () => {
  const ours = new realtimeParser.Encoder();
  const socketIo = new Encoder();
  const packet = (data: unknown[], extra: { nsp?: string; id?: number } = {}) => ({
    type: PacketType.EVENT,
    nsp: extra.nsp ?? '/',
    data,
    ...(extra.id === undefined ? {} : { id: extra.id }),
  });

  it('writes the live events as Socket.IO does', () => {
    for (const sent of [
      packet(['liveData', { id: 'd', reading: { t: 4.5, h: null } }]),
      packet(['graphData', { id: 'd' }], { nsp: '/other', id: 7 }),
      packet(['deviceStatus', { id: 'd', status: 'active' }]),
    ]) {
      expect(ours.encode(sent)).toEqual(socketIo.encode(sent));
    }
  });

  it('still sends binary data of other events as binary', () => {
    const sent = packet(['firmware', { image: Buffer.from([1, 2, 3]) }]);
    const encoded = ours.encode(sent);
    expect(encoded).toEqual(
      socketIo.encode(packet(['firmware', { image: Buffer.from([1, 2, 3]) }])),
    );
    expect(encoded).toHaveLength(2);
    expect(String(encoded[0])).toMatch(/^51-/);
  });
});

describe("the adapter's live frames", () => {
  type Encoding = { _encode: (packet: unknown, options: Record<string, unknown>) => unknown[] };
  const io = new Server({ parser: realtimeParser });
  const adapter = io.of('/').adapter as unknown as Encoding;
  plainLiveFrames(adapter);
  const packet = (data: unknown[]) => ({ type: PacketType.EVENT, nsp: '/', data });

  it('leaves the frame of a live event to the socket, with the same text', () => {
    for (const event of ['liveData', 'graphData']) {
      const sent = packet([event, { id: 'd', reading: { t: 4.5 } }]);
      const options: Record<string, unknown> = {};
      expect(adapter._encode(sent, options)).toEqual(new Encoder().encode(sent));
      expect(options.wsPreEncodedFrame).toBeUndefined();
    }
  });

  it('still frames other events once for the whole room', () => {
    const options: Record<string, unknown> = {};
    const sent = packet(['devicesStatusData', { devices: [] }]);
    expect(adapter._encode(sent, options)).toEqual(new Encoder().encode(sent));
    expect(options.wsPreEncodedFrame).toBeDefined();
  });
});
