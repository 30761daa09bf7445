import type { equipmentTypes, TemperatureUnit } from '@vigil/contracts';
import type { TFunction } from 'i18next';
import { formatTemperature } from '../../../lib/temperature';

export type EquipmentType = (typeof equipmentTypes)[number];

type Named = 'notApplicable' | 'ambient' | 'incubator' | 'cryofreezer';

/** Equipment is named by the temperature it keeps (in Celsius), or by what it is. */
const kinds: Record<EquipmentType, number | Named> = {
  'N/A': 'notApplicable',
  '+4C': 4,
  '-20C': -20,
  '-30C': -30,
  '-80C': -80,
  Ambient: 'ambient',
  Incubator: 'incubator',
  Cryofreezer: 'cryofreezer',
};

/**
 * An equipment type as shown: its temperature in the account's unit (with the Celsius name
 * people know it by, in a Fahrenheit account), else its translated name.
 */
export function equipmentTypeLabel(
  type: EquipmentType,
  unit: TemperatureUnit,
  t: TFunction,
): string {
  const kind = kinds[type];
  if (typeof kind === 'string') return t(`devices.equipmentTypes.${kind}`);
  const celsius = formatTemperature(kind, 'C', { digits: 0, signed: true });
  if (unit === 'C') return celsius;
  return `${formatTemperature(kind, unit, { digits: 0, signed: true })} (${celsius})`;
}
