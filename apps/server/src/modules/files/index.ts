/**
 * Stored files under DATA_DIR/files (exports, map images, firmware) and the signed links that
 * download them; used by the domains that store or serve files.
 */
export { exportFileUrl, linkLifetimeMs, platformOwner, verifyExportToken } from './links.js';
export { exportKeepDays, exportPath, filesRoot, storedFile, type ExportFormat } from './storage.js';
