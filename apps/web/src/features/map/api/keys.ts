/** This feature's query keys. */
export const mapKeys = {
  all: ['maps'] as const,
  list: ['maps', 'list'] as const,
  /** The placed devices' newest readings (mapLiveData), by device row id. */
  readings: ['maps', 'readings'] as const,
  locations: (ownUserId: string) => ['maps', 'locations', ownUserId] as const,
  devices: (ownUserId: string) => ['maps', 'devices', ownUserId] as const,
};
