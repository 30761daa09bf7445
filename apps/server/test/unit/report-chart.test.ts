import { describe, expect, it } from 'vitest';
import { languages } from '@vigil/contracts';
import { wetSpells } from '../../src/modules/reports/document/content.js';
import { insightsOf } from '../../src/modules/reports/document/insights.js';
import { missingBuckets } from '../../src/modules/readings/exports/charts.js';
import { chartBucketMs, chartRange, chartSegments } from '../../src/jobs/pdf-chart.js';
import { runFileIn } from '../../src/modules/reports/run.js';
import { formatNumber } from '../../src/jobs/document-texts.js';
import { reportTexts } from '../../src/modules/reports/document/texts.js';

const minute = 60_000;
const points = (...ats: number[]) => ats.map((at) => ({ at: at * minute, value: at }));

describe('report charts', () => {
  it('break the line only across a data gap', () => {
    // Readings every 10 minutes, silent from 30 to 80: buckets 0..30 and 80..100.
    const series = points(0, 10, 20, 30, 80, 90, 100);
    expect(chartSegments(series, [], minute)).toEqual([series]);
    const gap = { start: 30 * minute, end: 80 * minute };
    expect(chartSegments(series, [gap], minute)).toEqual([
      points(0, 10, 20, 30),
      points(80, 90, 100),
    ]);
    // A gap at the period's start or end (before the first or after the last point) breaks nothing.
    expect(chartSegments(series, [{ start: 100 * minute, end: 140 * minute }], minute)).toEqual([
      series,
    ]);
    expect(chartSegments([], [gap], minute)).toEqual([]);
  });

  it('scale to the data and the thresholds, with room around them, never to an empty range', () => {
    expect(chartRange([2, 8])).toEqual({ lo: 2 - 0.48, hi: 8 + 0.48 });
    const flat = chartRange([40]);
    expect(flat.lo).toBeLessThan(39);
    expect(flat.hi).toBeGreaterThan(41);
  });

  it('use minute rollups up to two days and hourly ones beyond', () => {
    expect(chartBucketMs({ start: 0, end: 25 * 3_600_000 })).toBe(minute);
    expect(chartBucketMs({ start: 0, end: 7 * 24 * 3_600_000 })).toBe(3_600_000);
  });
});

describe('spill sensors', () => {
  it('make wet spells from 1/0 readings, the last one still wet', () => {
    const samples = [0, 1, 1, 0, 0, 1].map((value, i) => ({ at: i * minute, value }));
    expect(wetSpells(samples)).toEqual([
      { openedAt: minute, closedAt: 3 * minute },
      { openedAt: 5 * minute, closedAt: null },
    ]);
    expect(wetSpells([])).toEqual([]);
  });
});

describe('report languages', () => {
  it('name a run file per language', () => {
    expect(runFileIn('reports/a/run.en.pdf', 'pl')).toBe('reports/a/run.pl.pdf');
    expect(runFileIn('reports/a/run.de.csv', 'en')).toBe('reports/a/run.en.csv');
    // Files kept before languages: the one file serves everyone.
    expect(runFileIn('reports/a/run.pdf', 'de')).toBe('reports/a/run.pdf');
  });

  it('write numbers with the language decimal mark', () => {
    expect(formatNumber(48.2, 2, 'en')).toBe('48.20');
    expect(formatNumber(48.2, 2, 'pl')).toBe('48,20');
    expect(formatNumber(-0.05, 1, 'de')).toBe('-0,1');
    expect(formatNumber(null, 2, 'de')).toBe('-');
  });

  it('have every text in every language, the CSV with the same columns', () => {
    for (const language of languages) {
      const texts = reportTexts[language];
      expect(texts.csvColumns).toHaveLength(reportTexts.en.csvColumns.length);
      expect(Object.keys(texts.metrics)).toEqual(Object.keys(reportTexts.en.metrics));
      expect(Object.keys(texts.alarmTypes)).toEqual(Object.keys(reportTexts.en.alarmTypes));
      expect(texts.table).toHaveLength(reportTexts.en.table.length);
    }
  });
});

describe('the insight report', () => {
  const row = {
    deviceId: 'd',
    deviceName: 'Freezer',
    metric: 'temperature',
    unit: '°C',
    count: 10,
    min: -82,
    max: -60,
    mean: -75,
    mkt: -70,
    low: -90,
    high: -72,
    outOfRangeMs: 0,
    gapCount: 0,
    gapMs: 0,
    door: null,
    chart: [],
    gaps: [],
  };
  const content = {
    accountName: 'Lab',
    temperatureUnit: 'C' as const,
    rows: [row],
    events: [],
    bucketMs: minute,
    insights: [],
  };
  const day = { start: 0, end: 24 * 60 * minute };

  it('names an MKT outside the alarm range even when no reading was out of range for long', () => {
    expect(insightsOf(content, day)).toEqual([
      { kind: 'mktOutside', device: 'Freezer', metric: 'temperature', mkt: -70, unit: '°C' },
    ]);
  });

  it('says the period was clear when nothing stands out, in each language', () => {
    const clear = insightsOf({ ...content, rows: [{ ...row, mkt: -75 }] }, day);
    expect(clear).toEqual([{ kind: 'clear' }]);
    const number = (value: number, digits: number) => value.toFixed(digits);
    for (const language of languages)
      expect(reportTexts[language].insight({ kind: 'clear' }, number, '')).not.toBe('');
    expect(
      reportTexts.de.insight(
        { kind: 'outOfRange', device: 'Freezer', metric: 'temperature', minutes: 30, percent: 2.1 },
        (value, digits) => formatNumber(value, digits, 'de'),
        'Temperatur',
      ),
    ).toBe('Freezer: Temperatur 30,0 min außerhalb des Alarmbereichs (2,1 % des Zeitraums).');
  });
});

describe('device-data export charts', () => {
  it('breaks the line where more than two buckets are missing', () => {
    const minute = 60_000;
    const points = [0, 1, 2, 6, 7].map((n) => ({ at: n * minute, value: n }));
    expect(missingBuckets(points, minute)).toEqual([{ start: 3 * minute, end: 6 * minute }]);
    expect(missingBuckets(points.slice(0, 3), minute)).toEqual([]);
  });
});
