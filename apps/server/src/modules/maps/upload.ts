import { createRequire } from 'node:module';
import { extname } from 'node:path';
import { mapImageTypes, mapLimits, type MapImageType } from '@vigil/contracts';
import createDOMPurify from 'dompurify';
import type { FastifyRequest } from 'fastify';
import { imageSize } from 'image-size';
import { AppError, badRequest } from '../../errors.js';
import { refuseNul, uploadFailure } from '../../lib/multipart.js';

export type ReceivedPlan = {
  title: string;
  type: MapImageType;
  /** The bytes to store (an SVG sanitised). */
  bytes: Buffer;
  width: number;
  height: number;
};

const startsWith = (bytes: Buffer, magic: string | number[], at = 0) => {
  const expected = typeof magic === 'string' ? Buffer.from(magic, 'latin1') : Buffer.from(magic);
  return bytes.subarray(at, at + expected.length).equals(expected);
};

/** Control characters other than tab, line feed, vertical tab, form feed and carriage return. */
const isBinary = (byte: number) => byte < 9 || (byte > 13 && byte < 32);

/** The image kind the bytes are, by their signature (SVG: XML text whose root is <svg>). */
export function sniffImage(bytes: Buffer): MapImageType | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, 'RIFF') && startsWith(bytes, 'WEBP', 8)) return 'webp';
  const headBytes = bytes.subarray(0, 4096);
  // Only text may precede the root: an XML declaration, comments, a doctype, whitespace.
  if (headBytes.some(isBinary)) return undefined;
  const head = headBytes.toString('utf8').replace(/^\uFEFF/, '');
  const rest = head.replace(/^(\s|<\?xml[^>]*\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>]*>)*/i, '');
  if (/^<svg[\s>/]/i.test(rest)) return 'svg';
  return undefined;
}

/**
 * jsdom ships no types and @types/jsdom clashes with the DOM typings of the web packages that
 * type-check this file too; the sanitiser needs only its window, typed here.
 */
type Jsdom = { JSDOM: new (html?: string) => { window: object } };
type Purifier = ReturnType<typeof createDOMPurify>;
const externalUrl = /url\(\s*['"]?\s*(?!#)/i;
let purifier: Purifier | undefined;

/**
 * DOMPurify on a jsdom window, made for the first SVG: jsdom takes longer to load than the rest
 * of the server's modules, and a process that never receives an SVG plan never needs it.
 */
function svgPurifier(): Purifier {
  if (purifier) return purifier;
  const { JSDOM } = createRequire(import.meta.url)('jsdom') as Jsdom;
  const window = new JSDOM('').window;
  const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
  purify.addHook('uponSanitizeAttribute', (_node, data) => {
    const name = data.attrName.toLowerCase();
    // Links only within the document (#id): no external images, fonts or pages.
    if (
      (name === 'href' || name === 'xlink:href' || name === 'src') &&
      !data.attrValue.trim().startsWith('#')
    )
      data.keepAttr = false;
    if (externalUrl.test(data.attrValue)) data.keepAttr = false;
  });
  purifier = purify;
  return purify;
}

/**
 * The SVG without scripts, event handlers, foreignObject, external references or styles that
 * load anything; undefined when nothing of an <svg> remains.
 */
export function sanitiseSvg(text: string): string | undefined {
  const clean = svgPurifier().sanitize(text, {
    USE_PROFILES: { svg: true, svgFilters: true },
    FORBID_TAGS: [
      'script',
      'foreignObject',
      'style',
      'use',
      'a',
      'image',
      'iframe',
      'animate',
      'set',
      'animateMotion',
      'animateTransform',
      'animateColor',
    ],
    FORBID_ATTR: ['style'],
    WHOLE_DOCUMENT: false,
  });
  if (!/^<svg[\s>]/i.test(clean.trim())) return undefined;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${clean.trim()}\n`;
}

function dimensions(bytes: Buffer): { width: number; height: number } {
  try {
    const size = imageSize(bytes);
    if (size.width && size.height && size.width > 0 && size.height > 0) {
      return { width: Math.round(size.width), height: Math.round(size.height) };
    }
  } catch {
    // unreadable: refused below
  }
  // E.g. an SVG with neither width/height nor viewBox: the canvas needs a size.
  throw badRequest('mapImageUnreadable', 'file');
}

/** Reads the body into memory: `file` (the image) and `title`; refuses oversize, wrong kind. */
export async function receivePlan(
  request: FastifyRequest,
  maxBytes: number,
): Promise<ReceivedPlan> {
  if (!request.isMultipart()) throw badRequest('mapFileRequired', 'file');
  let title = '';
  let file: { filename: string; bytes: Buffer } | undefined;
  try {
    const parts = request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 4, parts: 5 } });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume();
          throw badRequest('mapPartUnknown', part.fieldname);
        }
        const filename = refuseNul(part.filename, 'file');
        const bytes = await part.toBuffer();
        file = { filename, bytes };
      } else if (part.fieldname === 'title') {
        title = refuseNul(String(part.value), 'title').trim();
      } else {
        throw badRequest('mapPartUnknown', part.fieldname);
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'mapFileTooLarge', 'file');
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw badRequest('mapFileRequired', 'file');
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw badRequest('mapPartUnknown');
    throw uploadFailure(error);
  }
  if (!title) throw badRequest('mapTitleRequired', 'title');
  if (title.length > mapLimits.titleMax) throw badRequest('mapTitleTooLong', 'title');
  if (!file || file.bytes.length === 0) throw badRequest('mapFileRequired', 'file');
  const type = sniffImage(file.bytes);
  if (!type) throw badRequest('mapFileType', 'file');
  const extension = extname(file.filename).toLowerCase();
  if (!(mapImageTypes[type].extensions as readonly string[]).includes(extension)) {
    const known = Object.values(mapImageTypes).some((kind) =>
      (kind.extensions as readonly string[]).includes(extension),
    );
    throw badRequest(known ? 'mapFileMismatch' : 'mapFileType', 'file');
  }
  let bytes = file.bytes;
  if (type === 'svg') {
    const clean = sanitiseSvg(bytes.toString('utf8'));
    if (!clean) throw badRequest('mapFileType', 'file');
    bytes = Buffer.from(clean, 'utf8');
  }
  return { title, type, bytes, ...dimensions(bytes) };
}
