import { describe, expect, it } from 'vitest';
import { emptyReading } from '../../../test/fixtures';
import { alignedDataOf, chartModelOf } from './chart-groups';
import { appendPoint, readingToPoint, type Graph } from './point-buffer';

const graphOf = (points: Graph['points'], bucket = 'raw'): Graph => ({
  points,
  bucket,
  from: '2026-11-24T10:00:00.000Z',
  to: '2026-11-24T11:00:00.000Z',
});
const at = (second: number) => new Date(Date.UTC(2026, 10, 24, 10, 0, second)).toISOString();

describe('point buffer', () => {
  it('turns a live reading into a chart point, leaving out missing values', () => {
    const point = readingToPoint({
      ...emptyReading,
      createdAt: at(10),
      t: 4.5,
      h: -255,
      CO2_s: 5,
      BV: 80,
    });
    expect(point).toEqual({ ts: at(10), t: 4.5, co2_s: 5, bv: 80 });
  });

  it('appends live points and keeps at most the cap, dropping the oldest', () => {
    let graph = { ...graphOf([]), to: at(0) };
    for (let second = 0; second < 705; second += 1) {
      graph = appendPoint(graph, { ts: at(second), t: second }, { cap: 700 });
    }
    expect(graph.points).toHaveLength(700);
    expect(graph.points[0]).toEqual({ ts: at(5), t: 5 });
    expect(graph.points.at(-1)).toEqual({ ts: at(704), t: 704 });
    expect(graph.to).toBe(at(704));
  });

  it('ignores repeats and late points, and leaves bucketed charts to the refetch', () => {
    const graph = graphOf([{ ts: at(20), t: 1 }]);
    expect(appendPoint(graph, { ts: at(20), t: 2 })).toBe(graph);
    expect(appendPoint(graph, { ts: at(10), t: 2 })).toBe(graph);
    const buckets = graphOf([{ ts: at(0), t: 1, t_min: 0, t_max: 2 }], '10m');
    expect(appendPoint(buckets, { ts: at(30), t: 2 })).toBe(buckets);
  });

  it('slides a preset window: points older than the span are dropped', () => {
    const graph = graphOf([
      { ts: at(0), t: 1 },
      { ts: at(30), t: 2 },
    ]);
    const slid = appendPoint(graph, { ts: at(65), t: 3 }, { spanMs: 60_000 });
    expect(slid.points.map((point) => point.t)).toEqual([2, 3]);
    expect(slid.from).toBe(at(5));
  });
});

describe('chart groups', () => {
  it('makes one chart per unit, temperatures in the account unit, gaps kept as nulls', () => {
    const graph = graphOf([
      { ts: at(0), t: 0, h: 40, thermo: null },
      { ts: at(10), t: null, h: null },
      { ts: at(20), t: 100, h: 42, d: 2 },
    ]);
    const model = chartModelOf(graph, 'F', 'probe');
    expect(model.hasViews).toBe(false);
    expect(model.xs).toEqual([0, 10, 20].map((s) => Date.parse(at(s)) / 1000));
    expect(model.groups.map((group) => group.id)).toEqual(['temperature', 'humidity']);
    expect(model.groups[0]?.series[0]?.values).toEqual([32, null, 212]);
    expect(model.groups[1]?.series[0]?.values).toEqual([40, null, 42]);
  });

  it('draws one series for a measurement reported under two names, battery 0 to 100 %', () => {
    const model = chartModelOf(
      graphOf([
        { ts: at(0), b: 75, bv: 75, w: 0, water_s: 0 },
        { ts: at(10), b: 74, bv: 74, w: 1, water_s: 1 },
      ]),
      'C',
      'probe',
    );
    expect(model.groups.map((group) => [group.id, group.series.map((s) => s.key)])).toEqual([
      ['battery', ['bv']],
      ['water', ['w']],
    ]);
    expect(model.groups[0]?.range).toEqual([0, 100]);
    const incubator = chartModelOf(graphOf([{ ts: at(0), c: 5.1, co2_s: 1 }]), 'C', 'probe');
    expect(incubator.groups[0]?.series.map((s) => s.key)).toEqual(['c']);
  });

  it('adds min–max bands on bucketed ranges', () => {
    const graph = graphOf(
      [
        { ts: at(0), t: 4, t_min: 3, t_max: 5 },
        { ts: at(600), t: null, t_min: null, t_max: null },
      ],
      '10m',
    );
    const model = chartModelOf(graph, 'C', 'probe');
    expect(model.bucketed).toBe(true);
    const group = model.groups[0];
    expect(group?.series[0]?.band).toEqual({ min: [3, null], max: [5, null] });
    expect(group && alignedDataOf(model.xs, group)).toEqual([
      model.xs,
      [4, null],
      [3, null],
      [5, null],
    ]);
  });

  it('splits a thermocouple (Node_Type 1) device into probe and ambient views', () => {
    const graph = graphOf([{ ts: at(0), thermo: -80, ln2lvl: 60, sht_t: 21, sht_rh: 40, b: 90 }]);
    const probe = chartModelOf(graph, 'C', 'probe');
    expect(probe.hasViews).toBe(true);
    expect(probe.groups.map((group) => group.id)).toEqual(['temperature', 'ln2']);
    expect(probe.groups[0]?.series.map((series) => series.key)).toEqual(['thermo']);
    const ambient = chartModelOf(graph, 'C', 'ambient');
    expect(ambient.groups.map((group) => group.id)).toEqual(['temperature', 'humidity', 'battery']);
    expect(ambient.groups[0]?.series.map((series) => series.key)).toEqual(['sht_t']);
  });
});
