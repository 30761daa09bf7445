import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveReading } from '../../src/ingest/events.js';
import { createLiveThrottle } from '../../src/realtime/live-throttle.js';

const base = Date.parse('2026-01-01T00:00:00Z');
const live = (device: string, second: number): LiveReading => ({
  id: device,
  accountId: 'a',
  deviceId: device,
  reading: { createdAt: new Date(base + second * 1000).toISOString() } as LiveReading['reading'],
});
const seconds = (readings: LiveReading[]) =>
  readings.map((reading) => (Date.parse(reading.reading.createdAt) - base) / 1000);

describe('live throttle', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function setup() {
    const sent: { at: number; latest: number | undefined; graph: number[] }[] = [];
    const throttle = createLiveThrottle({
      windowMs: 250,
      graphLimit: 3,
      send: (latest, graph) => {
        sent.push({
          at: Date.now(),
          latest: latest ? seconds([latest])[0] : undefined,
          graph: seconds(graph),
        });
      },
    });
    return { sent, throttle };
  }

  it('sends the first reading at once and holds a burst to the window end, newest only as liveData', () => {
    const { sent, throttle } = setup();
    const start = Date.now();
    throttle.push([live('d', 1)]);
    expect(sent).toEqual([{ at: start, latest: 1, graph: [1] }]);
    vi.advanceTimersByTime(50);
    throttle.push([live('d', 2), live('d', 3)]);
    throttle.push([live('d', 4)]);
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(250);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatchObject({ latest: 4, graph: [2, 3, 4] });
    expect(sent[1]?.at).toBeGreaterThanOrEqual(start + 250);
    expect(sent[1]?.at).toBeLessThanOrEqual(start + 300);
    throttle.close();
  });

  it('keeps the newest points for charts and never shows an older reading as live', () => {
    const { sent, throttle } = setup();
    throttle.push([live('d', 10)]);
    throttle.push([live('d', 1), live('d', 2), live('d', 3), live('d', 4), live('d', 5)]);
    vi.advanceTimersByTime(300);
    expect(sent[1]).toMatchObject({ latest: undefined, graph: [3, 4, 5] });
    throttle.close();
  });

  it('throttles each device on its own and stops its timer when idle', () => {
    const { sent, throttle } = setup();
    throttle.push([live('a', 1), live('b', 1)]);
    throttle.push([live('a', 2)]);
    expect(sent.map((item) => item.latest)).toEqual([1, 1]);
    expect(throttle.holding()).toBe(1);
    vi.advanceTimersByTime(300);
    expect(sent.map((item) => item.latest)).toEqual([1, 1, 2]);
    expect(throttle.holding()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
    throttle.close();
  });

  it('flushes what it holds on shutdown', () => {
    const { sent, throttle } = setup();
    throttle.push([live('d', 1)]);
    throttle.push([live('d', 2)]);
    throttle.flushAll();
    expect(sent.map((item) => item.latest)).toEqual([1, 2]);
    throttle.close();
  });
});
