/**
 * The "insight report" part of a run: what a quality manager should look at first — time out
 * of range, an MKT outside the alarm range, data gaps and unacknowledged alarms — or that the
 * period was clear. Facts only, drawn from the statistics of the run.
 */
import type { Insight, ReportContent } from './model.js';

export function insightsOf(
  content: Pick<ReportContent, 'rows' | 'events'>,
  period: { start: number; end: number },
): Insight[] {
  const length = period.end - period.start;
  const found: Insight[] = [];
  const gapsByDevice = new Map<string, { count: number; minutes: number }>();
  for (const row of content.rows) {
    if (row.door) continue;
    if (row.outOfRangeMs > 0)
      found.push({
        kind: 'outOfRange',
        device: row.deviceName,
        metric: row.metric,
        minutes: row.outOfRangeMs / 60_000,
        percent: (100 * row.outOfRangeMs) / length,
      });
    if (
      row.mkt !== null &&
      ((row.low !== null && row.mkt < row.low) || (row.high !== null && row.mkt > row.high))
    )
      found.push({
        kind: 'mktOutside',
        device: row.deviceName,
        metric: row.metric,
        mkt: row.mkt,
        unit: row.unit,
      });
    // A device's gaps are the same for each of its metrics: counted once, the longest total.
    const gaps = gapsByDevice.get(row.deviceName);
    if (row.gapCount > 0 && (!gaps || row.gapMs / 60_000 > gaps.minutes))
      gapsByDevice.set(row.deviceName, { count: row.gapCount, minutes: row.gapMs / 60_000 });
  }
  for (const [device, gaps] of gapsByDevice) found.push({ kind: 'gaps', device, ...gaps });
  const unacknowledged = content.events.filter((event) => event.acknowledgedAt === null).length;
  if (unacknowledged > 0) found.push({ kind: 'unacknowledged', count: unacknowledged });
  return found.length > 0 ? found : [{ kind: 'clear' }];
}
