import { noReading, type graphReply, type MetricKey, type Reading } from '@vigil/contracts';
import type { ReplyData } from '../../../lib/api-client';

export type Graph = ReplyData<typeof graphReply>;
export type GraphPoint = Graph['points'][number];

/** Reading fields (socket payloads) under the chart's metric keys (readings table columns). */
const readingFields: Record<MetricKey, keyof Reading> = {
  t: 't',
  h: 'h',
  c: 'c',
  b: 'b',
  d: 'd',
  w: 'w',
  thermo: 'thermo',
  sht_t: 'sht_t',
  sht_rh: 'sht_rh',
  sht_1_t: 'sht_1_t',
  sht_1_rh: 'sht_1_rh',
  co2_s: 'CO2_s',
  bv: 'BV',
  water_s: 'water_s',
  ln2lvl: 'ln2lvl',
  pressure: 'pressure',
  light_s: 'light_s',
};

/** A live reading as a chart point; metrics without a value are left out (a gap). */
export function readingToPoint(reading: Reading): GraphPoint {
  const point: GraphPoint = { ts: reading.createdAt };
  for (const [key, field] of Object.entries(readingFields)) {
    const value = reading[field];
    if (typeof value === 'number' && value !== noReading) point[key] = value;
  }
  if (reading.backfilled) point.backfilled = true;
  return point;
}

const tsOf = (point: GraphPoint | undefined): number =>
  typeof point?.ts === 'string' ? Date.parse(point.ts) : Number.NaN;

export interface AppendOptions {
  /** Keep at most this many points, dropping the oldest (live mode: about 700). */
  cap?: number;
  /** Slide the window: drop points older than the new point minus this span (preset ranges). */
  spanMs?: number;
}

/**
 * `graph` with `point` appended. Only raw series take points: a bucketed chart (long ranges)
 * gets its new buckets from the 30 s refetch instead. A point not newer than the last one (a
 * repeat, or a late reading of a gateway that was offline) is left to the next refetch, which
 * puts it in its place.
 */
export function appendPoint(graph: Graph, point: GraphPoint, options: AppendOptions = {}): Graph {
  if (graph.bucket !== 'raw') return graph;
  const ts = tsOf(point);
  if (Number.isNaN(ts)) return graph;
  const last = tsOf(graph.points.at(-1));
  if (!Number.isNaN(last) && ts <= last) return graph;
  let points = [...graph.points, point];
  const { cap, spanMs } = options;
  if (spanMs !== undefined) {
    const oldest = ts - spanMs;
    points = points.filter((kept) => tsOf(kept) >= oldest);
  }
  if (cap !== undefined && points.length > cap) points = points.slice(points.length - cap);
  const from =
    spanMs === undefined ? Date.parse(graph.from) : Math.max(Date.parse(graph.from), ts - spanMs);
  return {
    ...graph,
    points,
    from: new Date(from).toISOString(),
    to: new Date(Math.max(ts, Date.parse(graph.to))).toISOString(),
  };
}
