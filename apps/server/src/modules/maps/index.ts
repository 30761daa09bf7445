/** What the socket server's sources use of maps: which devices are placed on a map. */
export { placedDevices } from './placed-repo.js';
