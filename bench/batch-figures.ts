import type { IngestMetrics } from '../apps/server/src/ingest/metrics.js';

/** The batches written while measuring: how many, their mean size, their mean time to durable. */
export async function batchFigures(metrics: IngestMetrics) {
  const sumAndCount = (
    values: { metricName?: string; labels: object; value: number }[],
    stage?: string,
  ) => {
    const of = (suffix: string) =>
      values.find(
        (value) =>
          value.metricName?.endsWith(suffix) &&
          (stage === undefined || (value.labels as { stage?: string }).stage === stage),
      )?.value ?? 0;
    return { sum: of('_sum'), count: of('_count') };
  };
  const write = sumAndCount((await metrics.stageSeconds.get()).values, 'write');
  const sizes = sumAndCount((await metrics.batchReadings.get()).values);
  const count = write.count;
  return {
    count,
    meanReadings: count > 0 ? Math.round(sizes.sum / count) : 0,
    meanWriteMs: count > 0 ? Number(((write.sum / count) * 1000).toFixed(1)) : 0,
  };
}
