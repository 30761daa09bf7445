import { versionFromFilename } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { isFirmwareExtension, looksLikeNotFirmware } from '../../src/modules/firmware/upload.js';
import { statusText } from '../../src/modules/firmware/view.js';

describe('firmware file names', () => {
  it.each([
    ['lora_v2.1.3.bin', '2.1.3'],
    ['esp32-1.4.2.bin', '1.4.2'],
    ['nextion 1.0.8.tft', '1.0.8'],
    ['GW_V10.2.bin', '10.2'],
    ['node_v3.1.0-rc.1.bin', '3.1.0-rc.1'],
    ['firmware.bin', undefined],
    ['v2.bin', undefined],
    ['build2024.bin', undefined],
  ])('%s has version %s', (filename, version) => {
    expect(versionFromFilename(filename)).toBe(version);
  });

  it.each([
    ['a.bin', true],
    ['a.TFT', true],
    ['a.hex', false],
    ['a.bin.exe', false],
    ['bin', false],
  ])('%s is a firmware extension: %s', (filename, accepted) => {
    expect(isFirmwareExtension(filename)).toBe(accepted);
  });
});

describe('firmware content sniff', () => {
  it.each([
    ['an ESP32 image', Buffer.from([0xe9, 0x03, 0x02, 0x20, 0x00, 0xff]), false],
    ['binary bytes', Buffer.from([0x00, 0x10, 0x41, 0x42]), false],
    ['plain text', Buffer.from('version=1\nhello\n'), true],
    ['HTML', Buffer.from('<html><body>404</body></html>'), true],
    ['a zip archive', Buffer.from('PK\x03\x04\x14\x00\x00', 'latin1'), true],
    ['a PDF', Buffer.from('%PDF-1.7\n\x00\xff', 'latin1'), true],
    ['a PNG', Buffer.from('\x89PNG\r\n\x1a\n\x00', 'latin1'), true],
    ['nothing', Buffer.alloc(0), true],
  ])('%s is refused: %s', (_name, head, refused) => {
    expect(looksLikeNotFirmware(head)).toBe(refused);
  });
});

describe('OTA status column text', () => {
  it.each([
    [['downloading', 50], 'downloading 50%'],
    [['installing', 100], 'installing 100%'],
    [['done', 100], 'done'],
    [['sent', undefined], 'sent'],
    [['failed', 0, 'checksum mismatch'], 'failed: checksum mismatch'],
    [['failed', 0, null], 'failed'],
  ] as const)('%j reads %s', ([status, progress, error], text) => {
    expect(statusText(status, progress, error)).toBe(text);
  });
});
