/**
 * The demo laboratory (DESIGN.md 7): two gateways, three locations and a dozen devices of
 * every equipment type, each with a behaviour the simulator turns into readings. The server
 * seeds the same plan into the database, so ids here are the ids there.
 */
export type Behaviour =
  | { kind: 'fridge'; setpoint: number; drifts: boolean }
  | { kind: 'freezer'; setpoint: number; thermocouple: boolean }
  | { kind: 'cryo' }
  | { kind: 'incubator' }
  | { kind: 'ambient' }
  | { kind: 'spill' }
  | { kind: 'door' };

export type DemoDevice = {
  deviceId: string;
  name: string;
  equipmentType: 'N/A' | '+4C' | '-20C' | '-30C' | '-80C' | 'Ambient' | 'Incubator' | 'Cryofreezer';
  location: string;
  spillSensor: boolean;
  behaviour: Behaviour;
};

export type DemoGateway = {
  gatewayId: string;
  name: string;
  loraFreq: string;
  /** Goes offline now and then, buffering readings and sending them late. */
  flaky: boolean;
  devices: DemoDevice[];
};

export const demoLocations = ['Cold Room A', 'Cell Culture Lab', 'Cryo Store'] as const;

export const demoPlan: DemoGateway[] = [
  {
    gatewayId: 'vigil-demo-gw-01',
    name: 'Gateway North',
    loraFreq: '868.1',
    flaky: false,
    devices: [
      {
        deviceId: 'a4:c1:38:00:00:01',
        name: 'Fridge A1',
        equipmentType: '+4C',
        location: 'Cold Room A',
        spillSensor: false,
        behaviour: { kind: 'fridge', setpoint: 4.2, drifts: false },
      },
      {
        deviceId: 'a4:c1:38:00:00:02',
        name: 'Fridge A2 (reagents)',
        equipmentType: '+4C',
        location: 'Cold Room A',
        spillSensor: false,
        behaviour: { kind: 'fridge', setpoint: 4.8, drifts: true },
      },
      {
        deviceId: 'a4:c1:38:00:00:03',
        name: 'Freezer -20 #1',
        equipmentType: '-20C',
        location: 'Cold Room A',
        spillSensor: false,
        behaviour: { kind: 'freezer', setpoint: -20.5, thermocouple: false },
      },
      {
        deviceId: 'a4:c1:38:00:00:04',
        name: 'Freezer -30',
        equipmentType: '-30C',
        location: 'Cold Room A',
        spillSensor: false,
        behaviour: { kind: 'freezer', setpoint: -30.2, thermocouple: false },
      },
      {
        deviceId: 'a4:c1:38:00:00:05',
        name: 'Cold room door',
        equipmentType: 'Ambient',
        location: 'Cold Room A',
        spillSensor: false,
        behaviour: { kind: 'door' },
      },
      {
        deviceId: 'a4:c1:38:00:00:06',
        name: 'Incubator CO2 #1',
        equipmentType: 'Incubator',
        location: 'Cell Culture Lab',
        spillSensor: false,
        behaviour: { kind: 'incubator' },
      },
      {
        deviceId: 'a4:c1:38:00:00:07',
        name: 'Incubator CO2 #2',
        equipmentType: 'Incubator',
        location: 'Cell Culture Lab',
        spillSensor: false,
        behaviour: { kind: 'incubator' },
      },
      {
        deviceId: 'a4:c1:38:00:00:08',
        name: 'Lab ambient',
        equipmentType: 'Ambient',
        location: 'Cell Culture Lab',
        spillSensor: false,
        behaviour: { kind: 'ambient' },
      },
    ],
  },
  {
    gatewayId: 'vigil-demo-gw-02',
    name: 'Gateway South',
    loraFreq: '868.3',
    flaky: true,
    devices: [
      {
        deviceId: 'a4:c1:38:00:00:09',
        name: 'ULT Freezer -80 #1',
        equipmentType: '-80C',
        location: 'Cryo Store',
        spillSensor: false,
        behaviour: { kind: 'freezer', setpoint: -79.5, thermocouple: true },
      },
      {
        deviceId: 'a4:c1:38:00:00:0a',
        name: 'ULT Freezer -80 #2',
        equipmentType: '-80C',
        location: 'Cryo Store',
        spillSensor: false,
        behaviour: { kind: 'freezer', setpoint: -81.0, thermocouple: true },
      },
      {
        deviceId: 'a4:c1:38:00:00:0b',
        name: 'LN2 Dewar',
        equipmentType: 'Cryofreezer',
        location: 'Cryo Store',
        spillSensor: false,
        behaviour: { kind: 'cryo' },
      },
      {
        deviceId: 'a4:c1:38:00:00:0c',
        name: 'Floor spill sensor',
        equipmentType: 'N/A',
        location: 'Cryo Store',
        spillSensor: true,
        behaviour: { kind: 'spill' },
      },
    ],
  },
];

/** Seconds between two readings of one device. */
export const demoIntervalSeconds = 10;
