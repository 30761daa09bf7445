import { describe, expect, it } from 'vitest';
import { alarmOf } from './test/alarm-fixtures';
import { alarmDraft, alarmPayload, metricBounds, toCelsius } from './form-values';

describe('alarm form values', () => {
  it('shows Celsius thresholds in Fahrenheit and sends them back in Celsius', () => {
    const draft = alarmDraft(alarmOf({ minTemp: 2, maxTemp: 8, delay: 600 }), 'F');
    expect(draft.metrics.temp.range).toEqual([35.6, 46.4]);
    expect(draft.delayMinutes).toBe(10);
    const payload = alarmPayload(draft, 'F');
    expect(payload).toMatchObject({ minTemp: 2, maxTemp: 8, delay: 600, tempEnabled: true });
  });

  it('keeps non-temperature metrics in their own unit', () => {
    const draft = alarmDraft(
      alarmOf({ humidityEnabled: true, minHumidity: 30, maxHumidity: 70 }),
      'F',
    );
    expect(draft.metrics.humidity.range).toEqual([30, 70]);
    expect(alarmPayload(draft, 'F')).toMatchObject({ minHumidity: 30, maxHumidity: 70 });
  });

  it('gives the spec’s ranges in either unit', () => {
    expect(metricBounds('temp', 'C')).toEqual([-200, 200]);
    expect(metricBounds('temp', 'F')).toEqual([-328, 392]);
    expect(metricBounds('carbon', 'F')).toEqual([0, 20]);
    expect(metricBounds('pressure', 'C')).toEqual([-3000, 3000]);
    expect(toCelsius(392, 'F')).toBeCloseTo(200);
  });

  it('starts a new alarm with the spec’s defaults', () => {
    const payload = alarmPayload(alarmDraft(undefined, 'C'), 'C');
    expect(payload).toMatchObject({
      name: '',
      delay: 0,
      frequency: 15,
      one_time: false,
      timezone: 'Etc/UTC',
      tempEnabled: true,
      users: [],
    });
  });
});
