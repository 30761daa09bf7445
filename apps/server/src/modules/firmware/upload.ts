import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  firmwareExtensions,
  firmwareKinds,
  firmwareTargets,
  type FirmwareKind,
  type FirmwareTarget,
} from '@vigil/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../errors.js';
import { refuseNul, uploadFailure } from '../../lib/multipart.js';
import { filesRoot } from '../files/index.js';

/** A firmware file received into DATA_DIR/files/firmware/incoming, not yet recorded. */
export type ReceivedFile = {
  kind: FirmwareKind;
  filename: string;
  /** Absolute path of the received bytes. */
  tempPath: string;
  size: number;
  sha256: string;
  head: Buffer;
};

export type ReceivedUpload = {
  target: FirmwareTarget;
  files: ReceivedFile[];
  versions: Partial<Record<FirmwareKind, string>>;
};

const versionFields: Record<string, FirmwareKind> = {
  loraFwVersion: 'loraFw',
  espFwVersion: 'espFw',
  nextionVersion: 'nextion',
};
const sniffBytes = 512;

const startsWith = (head: Buffer, magic: string) =>
  head.subarray(0, magic.length).equals(Buffer.from(magic, 'latin1'));

/**
 * True when the bytes cannot be a firmware image: an archive, a document or an image renamed to
 * .bin/.tft, or plain text (every byte of the head printable). Firmware images are binary.
 */
export function looksLikeNotFirmware(head: Buffer): boolean {
  if (head.length === 0) return true;
  const foreign = ['PK\x03\x04', '%PDF', '\x89PNG', '\xFF\xD8\xFF', 'GIF8', '\x1F\x8B', 'Rar!'];
  if (foreign.some((magic) => startsWith(head, magic))) return true;
  const text = head.every(
    (byte) => byte === 9 || byte === 10 || byte === 13 || (byte >= 32 && byte < 127),
  );
  return text;
}

export const isFirmwareExtension = (filename: string) =>
  (firmwareExtensions as readonly string[]).includes(extname(filename).toLowerCase());

const isKind = (name: string): name is FirmwareKind =>
  (firmwareKinds as readonly string[]).includes(name);

/** Streams one part to disk, hashing it and keeping its head for the sniff; refuses oversize. */
async function receive(
  part: {
    fieldname: string;
    filename: string;
    file: NodeJS.ReadableStream & { truncated?: boolean };
  },
  kind: FirmwareKind,
  dir: string,
): Promise<ReceivedFile> {
  const tempPath = join(dir, `${randomUUID()}.part`);
  const hash = createHash('sha256');
  let size = 0;
  const chunks: Buffer[] = [];
  let headLength = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      if (headLength < sniffBytes) {
        chunks.push(chunk.subarray(0, sniffBytes - headLength));
        headLength += Math.min(chunk.length, sniffBytes - headLength);
      }
      done(null, chunk);
    },
  });
  try {
    await pipeline(part.file, meter, createWriteStream(tempPath));
  } catch (error) {
    // A body cut off mid-file leaves no half file behind.
    await rm(tempPath, { force: true });
    throw error;
  }
  const file = {
    kind,
    filename: part.filename,
    tempPath,
    size,
    sha256: hash.digest('hex'),
    head: Buffer.concat(chunks),
  };
  if (part.file.truncated) {
    await rm(tempPath, { force: true });
    throw new AppError(413, 'firmwareFileTooLarge', part.fieldname);
  }
  return file;
}

function checkFile(file: ReceivedFile) {
  if (!isFirmwareExtension(file.filename)) throw badRequest('firmwareFileType', file.kind);
  if (file.size === 0) throw badRequest('firmwareFileEmpty', file.kind);
  if (looksLikeNotFirmware(file.head)) throw badRequest('firmwareFileType', file.kind);
}

/**
 * Reads a firmware upload (multipart): `target`, the file parts `loraFw`, `espFw`, `nextion`
 * and the version fields. Files go to a temporary place under DATA_DIR/files; on any refusal
 * what was received is removed again.
 */
export async function receiveUpload(
  request: FastifyRequest,
  dataDir: string,
  maxBytes: number,
): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw badRequest('firmwareFileRequired');
  const dir = join(filesRoot(dataDir), 'firmware', 'incoming');
  await mkdir(dir, { recursive: true });
  const files: ReceivedFile[] = [];
  const versions: ReceivedUpload['versions'] = {};
  let target: string = 'gateway';
  try {
    const parts = request.parts({
      limits: { fileSize: maxBytes, files: 6, fields: 10, parts: 16 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (!isKind(part.fieldname)) {
          part.file.resume();
          throw badRequest('firmwarePartUnknown', part.fieldname);
        }
        refuseNul(part.filename, part.fieldname);
        files.push(await receive(part, part.fieldname, dir));
      } else if (part.fieldname === 'target') {
        target = refuseNul(String(part.value), 'target');
      } else if (part.fieldname in versionFields) {
        const version = refuseNul(String(part.value), part.fieldname).trim();
        const kind = versionFields[part.fieldname];
        if (version && kind) versions[kind] = version.slice(0, 50);
      } else {
        throw badRequest('firmwarePartUnknown', part.fieldname);
      }
    }
    if (!(firmwareTargets as readonly string[]).includes(target))
      throw badRequest('invalidRequest', 'target');
    if (files.length === 0) throw badRequest('firmwareFileRequired');
    if (target === 'node' && files.some((file) => file.kind === 'espFw'))
      throw badRequest('firmwareEspNotForNodes', 'espFw');
    files.forEach(checkFile);
    return { target: target as FirmwareTarget, files, versions };
  } catch (error) {
    await Promise.all(files.map((file) => rm(file.tempPath, { force: true })));
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'firmwareFileTooLarge');
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw badRequest('firmwareFileRequired');
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw badRequest('firmwarePartUnknown');
    throw uploadFailure(error);
  }
}
