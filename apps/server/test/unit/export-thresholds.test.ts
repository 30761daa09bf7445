import { describe, expect, it } from 'vitest';
import {
  chartThresholds,
  type AlarmBounds,
} from '../../src/modules/readings/exports/thresholds.js';
import { seriesRange, thresholdLabel, type ChartThreshold } from '../../src/jobs/pdf-chart.js';

/** A threshold alarm with every metric off; each test turns on what it needs. */
const alarm = (changes: Partial<AlarmBounds> = {}): AlarmBounds => ({
  name: 'Fridge',
  enable: true,
  kind: 'threshold',
  tempEnabled: false,
  minTemp: null,
  maxTemp: null,
  shtTEnabled: false,
  minShtT: null,
  maxShtT: null,
  humidityEnabled: false,
  minHumidity: null,
  maxHumidity: null,
  carbonEnabled: false,
  minCarbon: null,
  maxCarbon: null,
  pressureEnabled: false,
  minPressure: null,
  maxPressure: null,
  lntmpEnabled: false,
  minLntmp: null,
  maxLntmp: null,
  ln2LevelEnabled: false,
  minLn2Level: null,
  maxLn2Level: null,
  batteryEnabled: false,
  minBattery: null,
  ...changes,
});

const celsius = { nodeType: null, unit: 'C' } as const;
const line = (value: number, bound: 'min' | 'max', alarm: string, unit: string) => ({
  value,
  bound,
  label: { alarm, unit },
});

describe('device-data PDF thresholds', () => {
  it('put each bound of an enabled alarm on the chart of its metric, in the account unit', () => {
    const fridge = alarm({
      tempEnabled: true,
      minTemp: 2,
      maxTemp: 8,
      humidityEnabled: true,
      minHumidity: 30,
      maxHumidity: 70,
    });
    expect(chartThresholds([fridge], ['t', 'h', 'b'], celsius)).toEqual(
      new Map([
        ['t', [line(2, 'min', 'Fridge', '°C'), line(8, 'max', 'Fridge', '°C')]],
        ['h', [line(30, 'min', 'Fridge', '%'), line(70, 'max', 'Fridge', '%')]],
      ]),
    );
    const fahrenheit = chartThresholds([fridge], ['t'], { nodeType: null, unit: 'F' });
    expect(fahrenheit.get('t')).toEqual([
      line(35.6, 'min', 'Fridge', '°F'),
      line(46.4, 'max', 'Fridge', '°F'),
    ]);
    // Only temperatures are converted.
    expect(chartThresholds([fridge], ['h'], { nodeType: null, unit: 'F' }).get('h')).toEqual([
      line(30, 'min', 'Fridge', '%'),
      line(70, 'max', 'Fridge', '%'),
    ]);
  });

  it('leave out disabled alarms, metrics the alarm does not watch, unset bounds and light profiles', () => {
    const bounds = { tempEnabled: true, minTemp: 2, maxTemp: 8 };
    expect(chartThresholds([alarm({ ...bounds, enable: false })], ['t'], celsius).size).toBe(0);
    expect(chartThresholds([alarm({ ...bounds, tempEnabled: false })], ['t'], celsius).size).toBe(
      0,
    );
    expect(chartThresholds([alarm({ ...bounds, kind: 'light' })], ['t'], celsius).size).toBe(0);
    // A metric the export has no chart of.
    expect(chartThresholds([alarm(bounds)], ['h'], celsius).size).toBe(0);
    expect(chartThresholds([alarm({ ...bounds, minTemp: null })], ['t'], celsius).get('t')).toEqual(
      [line(8, 'max', 'Fridge', '°C')],
    );
    expect(
      chartThresholds([alarm({ humidityEnabled: true })], ['h'], celsius).size,
      'enabled without bounds',
    ).toBe(0);
  });

  it('draw the same bound of two alarms once, and each alarm’s own bounds', () => {
    const day = alarm({ name: 'Day', tempEnabled: true, minTemp: 2, maxTemp: 8 });
    const night = alarm({ name: 'Night', tempEnabled: true, minTemp: 2, maxTemp: 6 });
    expect(chartThresholds([day, night], ['t'], celsius).get('t')).toEqual([
      line(2, 'min', 'Day', '°C'),
      line(8, 'max', 'Day', '°C'),
      line(6, 'max', 'Night', '°C'),
    ]);
  });

  it('follow the metric the alarm engine reads: the probe, the fallbacks, the battery', () => {
    const freezer = alarm({
      tempEnabled: true,
      minTemp: -90,
      maxTemp: -70,
      lntmpEnabled: true,
      maxLntmp: -150,
      shtTEnabled: true,
      maxShtT: 30,
      humidityEnabled: true,
      maxHumidity: 60,
      batteryEnabled: true,
      minBattery: 20,
    });
    const charted = ['t', 'thermo', 'sht_t', 'sht_rh', 'bv'] as const;
    // A Node_Type 1 device's temperature alarm watches its probe (thermo).
    const probe = chartThresholds([freezer], charted, { nodeType: 1, unit: 'C' });
    expect(probe.get('thermo')).toEqual([
      line(-90, 'min', 'Fridge', '°C'),
      line(-70, 'max', 'Fridge', '°C'),
      line(-150, 'max', 'Fridge', '°C'),
    ]);
    expect(probe.get('t')).toBeUndefined();
    expect(probe.get('sht_t')).toEqual([line(30, 'max', 'Fridge', '°C')]);
    // Without an h chart the humidity alarm reads sht_rh; the battery's minimum goes on BV.
    expect(probe.get('sht_rh')).toEqual([line(60, 'max', 'Fridge', '%')]);
    expect(probe.get('bv')).toEqual([line(20, 'min', 'Fridge', '%')]);
    // Another device's temperature alarm watches t.
    const ambient = chartThresholds([freezer], charted, celsius);
    expect(ambient.get('t')).toEqual([
      line(-90, 'min', 'Fridge', '°C'),
      line(-70, 'max', 'Fridge', '°C'),
    ]);
    expect(ambient.get('thermo')).toEqual([line(-150, 'max', 'Fridge', '°C')]);
  });
});

describe('PDF chart thresholds', () => {
  const points = [2, 5, 8].map((value, i) => ({ at: i * 60_000, value }));
  const threshold = (value: number, bound: 'min' | 'max'): ChartThreshold => ({ value, bound });

  it('widen the value range to take in every threshold', () => {
    const data = seriesRange({ points, thresholds: [] });
    expect(data).toEqual({ lo: 2 - 0.48, hi: 8 + 0.48 });
    const wide = seriesRange({ points, thresholds: [threshold(-2, 'min'), threshold(12, 'max')] });
    expect(wide.lo).toBeLessThan(-2);
    expect(wide.hi).toBeGreaterThan(12);
    // A threshold inside the data leaves the range as it is.
    expect(seriesRange({ points, thresholds: [threshold(6, 'max')] })).toEqual(data);
  });

  it('label a line as the web chart does, in the document’s language', () => {
    const max: ChartThreshold = {
      value: -76.5,
      bound: 'max',
      label: { alarm: 'Night', unit: '°F' },
    };
    expect(thresholdLabel(max, 'en')).toBe('Night: max -76.5 °F');
    expect(thresholdLabel(max, 'pl')).toBe('Night: maks. -76,5 °F');
    expect(thresholdLabel(max, 'de')).toBe('Night: Max. -76,5 °F');
    const min: ChartThreshold = { value: 1013.25, bound: 'min', label: { alarm: 'Lab', unit: '' } };
    expect(thresholdLabel(min, 'de')).toBe('Lab: Min. 1013,25');
    expect(thresholdLabel(threshold(8, 'max'), 'en')).toBeUndefined();
  });
});
