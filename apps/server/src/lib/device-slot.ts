/**
 * A device's slot among `slots` (its id's last hex digits): the same for the device in every
 * batch, round and process. The batch writer's and the alarm engine's lanes and the rollup
 * writer's shares use it, so that two lanes never touch the same device's rows.
 */
export function deviceSlot(deviceUuid: string, slots: number): number {
  return Number.parseInt(deviceUuid.slice(-6), 16) % slots;
}
