import type { DeviceAlarm } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { thresholdsOf } from './thresholds';

const alarm = (fields: Partial<DeviceAlarm>): DeviceAlarm =>
  ({
    name: 'Fridge range',
    kind: 'threshold',
    enable: true,
    tempEnabled: false,
    shtTEnabled: false,
    humidityEnabled: false,
    carbonEnabled: false,
    pressureEnabled: false,
    lntmpEnabled: false,
    ln2LevelEnabled: false,
    ...fields,
  }) as DeviceAlarm;

describe('alarm bounds on the charts', () => {
  it('puts each enabled range on its chart, temperatures in the account unit', () => {
    const lines = thresholdsOf(
      [
        alarm({
          tempEnabled: true,
          minTemp: 2,
          maxTemp: 8,
          humidityEnabled: true,
          maxHumidity: 60,
        }),
        alarm({ name: 'Off', enable: false, tempEnabled: true, minTemp: -5, maxTemp: 30 }),
        alarm({ name: 'Not watched', tempEnabled: false, minTemp: -5 }),
      ],
      'F',
    );
    expect(lines.temperature).toEqual([
      { value: 35.6, bound: 'min', alarm: 'Fridge range' },
      { value: 46.4, bound: 'max', alarm: 'Fridge range' },
    ]);
    expect(lines.humidity).toEqual([{ value: 60, bound: 'max', alarm: 'Fridge range' }]);
    expect(lines.co2).toBeUndefined();
  });

  it('draws the same bound of two alarms once', () => {
    const lines = thresholdsOf(
      [
        alarm({ name: 'A', ln2LevelEnabled: true, minLn2Level: 20 }),
        alarm({ name: 'B', ln2LevelEnabled: true, minLn2Level: 20, maxLn2Level: 90 }),
      ],
      'C',
    );
    expect(lines.ln2).toEqual([
      { value: 20, bound: 'min', alarm: 'A' },
      { value: 90, bound: 'max', alarm: 'B' },
    ]);
  });
});
