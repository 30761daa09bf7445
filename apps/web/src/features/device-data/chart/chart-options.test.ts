import uPlot from 'uplot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chartModelOf } from './chart-groups';
import { axisWidth, chartOptionsOf, type ChartTexts } from './chart-options';
import { alignedDataOf } from './chart-groups';

/** jsdom has no canvas: a 2D context that accepts every call is enough for uPlot to lay out. */
function stubCanvas() {
  const context: object = new Proxy(
    {},
    {
      get: (_target, name) => {
        if (name === 'measureText') return () => ({ width: 10 });
        if (name === 'canvas') return document.createElement('canvas');
        return () => undefined;
      },
      set: () => true,
    },
  );
  // Path2D too: the series' paths are built with it.
  vi.stubGlobal('Path2D', function Path2DStub() {
    return new Proxy({}, { get: () => () => undefined });
  });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () => context as CanvasRenderingContext2D,
  );
}

const texts: ChartTexts = {
  time: 'Time',
  names: { t: 'Temperature', d: 'Door' },
  min: (name) => `${name} min`,
  max: (name) => `${name} max`,
  notAvailable: 'N/A',
  states: ['Closed', 'Open'],
  formatTime: (seconds) => new Date(seconds * 1000).toISOString(),
  formatTick: (seconds, step, withDate) => `${String(seconds)}/${String(step)}/${String(withDate)}`,
  threshold: (line, value) => `${line.alarm} ${line.bound} ${value}`,
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('chart options', () => {
  it('builds a uPlot chart with a min–max band and gaps left open', async () => {
    stubCanvas();
    const graph = {
      points: [
        { ts: '2026-11-24T10:00:00.000Z', t: 4, t_min: 3, t_max: 5 },
        { ts: '2026-11-24T10:10:00.000Z', t: null, t_min: null, t_max: null },
        { ts: '2026-11-24T10:20:00.000Z', t: 5, t_min: 4, t_max: 6 },
      ],
      bucket: '10m',
      from: '2026-11-24T10:00:00.000Z',
      to: '2026-11-24T10:30:00.000Z',
    };
    const model = chartModelOf(graph, 'C', 'probe');
    const group = model.groups[0];
    if (!group) throw new Error('no temperature chart');
    const options = chartOptionsOf({
      group,
      unit: '°C',
      scheme: 'dark',
      width: 600,
      height: 400,
      texts,
    });
    expect(options.series.map((series) => series.label)).toEqual([
      'Time',
      'Temperature',
      'Temperature min',
      'Temperature max',
    ]);
    expect(options.series.slice(1).every((series) => series.spanGaps === false)).toBe(true);
    expect(options.bands).toEqual([{ series: [3, 2], fill: expect.any(String) as string }]);
    const target = document.createElement('div');
    const plot = new uPlot(options, alignedDataOf(model.xs, group) as uPlot.AlignedData, target);
    expect(target.querySelector('.u-legend')?.textContent).toContain('Temperature max');
    // uPlot draws on the next microtask: let it, so the paths and the band are built too.
    await Promise.resolve();
    await Promise.resolve();
    plot.destroy();
  });

  it('shows door states as words on a step chart', () => {
    const noPlot = null as unknown as uPlot;
    const options = chartOptionsOf({
      group: { id: 'door', step: true, series: [{ key: 'd', values: [0, 1] }] },
      unit: '',
      scheme: 'light',
      width: 600,
      height: 300,
      texts,
    });
    const value = options.series[1]?.value;
    expect(typeof value === 'function' && value(noPlot, 1, 1, 0)).toBe('Open');
    expect(typeof value === 'function' && value(noPlot, null as unknown as number, 1, 0)).toBe(
      'N/A',
    );
  });
});

describe('the legend off the chart', () => {
  it('shows the latest value and time, not N/A or a blank', () => {
    const options = chartOptionsOf({
      group: { id: 'temperature', step: false, series: [{ key: 't', values: [4, 5.5, null] }] },
      unit: '°C',
      scheme: 'light',
      width: 600,
      height: 300,
      texts,
    });
    const plot = {
      data: [
        [100, 200, 300],
        [4, 5.5, null],
      ],
    } as unknown as uPlot;
    const time = options.series[0]?.value;
    const temperature = options.series[1]?.value;
    if (typeof time !== 'function' || typeof temperature !== 'function') throw new Error();
    expect(temperature(plot, null as unknown as number, 1, null)).toBe('5.50 °C');
    expect(temperature(plot, 4, 1, 0)).toBe('4.00 °C');
    expect(time(plot, null as unknown as number, 0, null)).toBe(new Date(300_000).toISOString());
  });
});

describe('the y range', () => {
  const rangeOf = (options: uPlot.Options) => {
    const range = options.scales?.y?.range;
    return typeof range === 'function'
      ? range(Object.create(uPlot.prototype) as uPlot, 3.5, 5.2, 'y')
      : range;
  };

  it('takes in the alarm bounds, which are drawn as dashed lines', () => {
    const options = chartOptionsOf({
      group: { id: 'temperature', step: false, series: [{ key: 't', values: [4, 5] }] },
      unit: '°C',
      scheme: 'light',
      width: 600,
      height: 300,
      texts,
      thresholds: [
        { value: 2, bound: 'min', alarm: 'Fridge' },
        { value: 8, bound: 'max', alarm: 'Fridge' },
      ],
    });
    const [min, max] = rangeOf(options) as [number, number];
    expect(min).toBeLessThanOrEqual(2);
    expect(max).toBeGreaterThanOrEqual(8);
    expect(options.hooks?.draw).toHaveLength(1);
  });

  it('is 0 to 100 % for the battery', () => {
    const options = chartOptionsOf({
      group: {
        id: 'battery',
        step: false,
        range: [0, 100],
        series: [{ key: 'bv', values: [70] }],
      },
      unit: '%',
      scheme: 'light',
      width: 600,
      height: 300,
      texts,
    });
    expect(rangeOf(options)).toEqual([0, 100]);
  });
});

describe('the time axis', () => {
  it('puts the date under the first tick and where the day changes', () => {
    const options = chartOptionsOf({
      group: { id: 'temperature', step: false, series: [{ key: 't', values: [] }] },
      unit: '°C',
      scheme: 'light',
      width: 600,
      height: 300,
      texts,
    });
    const values = options.axes?.[0]?.values;
    if (typeof values !== 'function') throw new Error('no tick formatter');
    const evening = Date.UTC(2026, 10, 24, 22) / 1000;
    const ticks = [evening, evening + 3600, evening + 7200, evening + 10_800].map((tick) => {
      const local = new Date(tick * 1000);
      return { tick, day: local.toDateString() };
    });
    const labels = values(
      Object.create(uPlot.prototype) as uPlot,
      ticks.map(({ tick }) => tick),
      0,
      0,
      3600,
    );
    expect(labels[0]).toBe(`${String(ticks[0]?.tick)}/3600/true`);
    ticks.slice(1).forEach(({ tick, day }, index) => {
      expect(labels[index + 1]).toBe(`${String(tick)}/3600/${String(day !== ticks[index]?.day)}`);
    });
  });
});

describe('the y axis', () => {
  it('is as wide as its longest label, so that no label is cut', () => {
    const plot = Object.create(uPlot.prototype) as uPlot;
    expect(axisWidth(plot, ['-80 °C', '-112.15 °F'])).toBe(10 * 7 + 24);
    expect(axisWidth(plot, ['1', '2'])).toBe(48);
    expect(axisWidth(plot, null)).toBe(48);
  });
});
